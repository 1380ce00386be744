package dev.fqlab.validation;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.experiment.SubmissionReader;
import dev.fqlab.result.StoredResults;
import dev.fqlab.web.ApiProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the fidelity scorecard as ordinary experiments, one per {@link ReferenceCase}, named after the case and
 * tagged {@code validation} and {@code validation-<run id>}: they queue, run, survive restarts and are stored like any
 * other, and a run is read back by its tag. Verdicts are computed when read, from the stored results.
 */
@Service
public class ValidationService {

    static final String TAG = "validation";
    static final String NAME_PREFIX = "validation: ";

    private final ExperimentService experiments;
    private final SubmissionReader submissions;
    private final StoredResults results;
    private final JsonMapper json;

    public ValidationService(ExperimentService experiments, SubmissionReader submissions, StoredResults results,
                             JsonMapper json) {
        this.experiments = experiments;
        this.submissions = submissions;
        this.results = results;
        this.json = json;
    }

    /** Queues every case; the run's id. */
    public UUID start() {
        UUID id = UUID.randomUUID();
        for (ReferenceCase c : ReferenceCases.all()) {
            ObjectNode request = ((ObjectNode) c.request()).deepCopy();
            request.put("name", NAME_PREFIX + c.name());
            request.putArray("tags").add(TAG).add(TAG + "-" + id);
            experiments.submit(submissions.read(request), null);
        }
        return id;
    }

    /** The run's table now; 404 for an unknown run. */
    public ValidationRun get(UUID id) {
        List<Experiment> members = experiments.tagged(TAG + "-" + id, 200);
        if (members.isEmpty()) {
            throw ApiProblem.notFound("No validation run with id " + id + ".");
        }
        Map<String, Experiment> byName = members.stream()
                .collect(Collectors.toMap(Experiment::name, Function.identity(), (a, b) -> a));
        List<CaseOutcome> cases = new ArrayList<>();
        Set<String> versions = new TreeSet<>();
        for (ReferenceCase c : ReferenceCases.all()) {
            Experiment e = byName.get(NAME_PREFIX + c.name());
            cases.add(outcome(c, e, versions));
        }
        int passed = count(cases, "pass");
        int failed = count(cases, "fail");
        int errors = count(cases, "error");
        int pending = count(cases, "pending");
        return new ValidationRun(id, pending > 0 ? "RUNNING" : "SUCCEEDED", List.copyOf(versions), passed, failed,
                errors, pending, cases, ValidationRun.Links.of(id));
    }

    private CaseOutcome outcome(ReferenceCase c, Experiment e, Set<String> versions) {
        if (e == null || e.status() == ExperimentStatus.FAILED || e.status() == ExperimentStatus.CANCELLED) {
            return new CaseOutcome(c.name(), c.source(), c.quantity(), c.criterion(), null, null, null, "error",
                    e == null ? null : e.id(), e == null ? null : report(e));
        }
        if (e.status() != ExperimentStatus.SUCCEEDED) {
            return new CaseOutcome(c.name(), c.source(), c.quantity(), c.criterion(), null, null, null, "pending",
                    e.id(), report(e));
        }
        JsonNode result = json.readTree(results.document(e));
        versions.add(result.path("engineVersion").asString());
        double reference = c.reference().applyAsDouble(result);
        double fqlab = c.measure().applyAsDouble(result);
        // A relative error means something against a value, not against a bound.
        Double error = c.comparison() != ReferenceCase.Comparison.WITHIN || Double.isNaN(reference)
                || Double.isNaN(fqlab) || reference == 0 ? null : 100 * (fqlab - reference) / Math.abs(reference);
        return new CaseOutcome(c.name(), c.source(), c.quantity(), c.criterion(), finite(reference), finite(fqlab),
                error, c.passes(fqlab, reference) ? "pass" : "fail", e.id(), report(e));
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static String report(Experiment e) {
        return "/api/v1/experiments/" + e.id() + "/report";
    }

    private static int count(List<CaseOutcome> cases, String verdict) {
        return (int) cases.stream().filter(c -> c.verdict().equals(verdict)).count();
    }
}
