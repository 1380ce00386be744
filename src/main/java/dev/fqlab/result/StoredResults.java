package dev.fqlab.result;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.web.ApiProblem;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * An experiment's stored result document, for every endpoint that shows a result (the JSON, its CSV tables, the
 * aqm table and the renderings): 404 for an unknown experiment and, the one place it is built, the 409 "no result
 * yet" for one that has not succeeded.
 */
@Component
public class StoredResults {

    private final ResultRepository results;
    private final ExperimentService experiments;

    public StoredResults(ResultRepository results, ExperimentService experiments) {
        this.results = results;
        this.experiments = experiments;
    }

    /** The document of experiment {@code id}; the experiment itself is read only when there is none. */
    public String document(UUID id) {
        return results.document(id).orElseThrow(() -> noResultYet(experiments.get(id)));
    }

    /** The document of an experiment the caller has already read. */
    public String document(Experiment experiment) {
        return results.document(experiment.id()).orElseThrow(() -> noResultYet(experiment));
    }

    /**
     * 404 for a rendering of the time series ({@code what}: "series CSV", "plot", "flent file") of an experiment that
     * kept none: submitted with outputs.series none (a sweep's experiments by default).
     */
    public static void requireSeries(Experiment experiment, String what) {
        if (!experiment.seriesOutput().keepsSeries()) {
            throw ApiProblem.notFound("Experiment " + experiment.id() + " has no " + what + ": it kept no time series "
                    + "(outputs.series is \"none\", the default for a sweep's experiments). Submit its scenario again "
                    + "with \"outputs\": {\"series\": \"full\"} or \"coarse\" to get them.");
        }
    }

    /** 409, with the experiment's status, for one without a result. */
    private static ApiProblem noResultYet(Experiment experiment) {
        return ApiProblem.wrongStatus("Experiment " + experiment.id() + " has no result: it is " + experiment.status()
                + "; a result exists once it has SUCCEEDED.", experiment.status().name());
    }
}
