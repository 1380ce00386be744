package dev.fqlab.render.report;

import dev.fqlab.validation.CaseOutcome;
import dev.fqlab.validation.ValidationRun;
import java.util.List;
import org.springframework.stereotype.Component;

/** The fidelity scorecard of one run as a self-contained HTML page: per case its source, the numbers and the verdict. */
@Component
public final class ValidationPage {

    private final PageTemplate template = new PageTemplate("/render/validation.mustache");

    public String render(ValidationRun run) {
        return template.render(new Model(run.id().toString(), run.status(), String.join(", ", run.engineVersions()),
                run.passed(), run.failed(), run.errors(), run.pending(), run.cases().stream().map(Row::of).toList()));
    }

    record Model(String id, String status, String engine, int passed, int failed, int errors, int pending,
                 List<Row> cases) {
    }

    record Row(String name, String source, String quantity, String criterion, String reference, String fqlab,
               String error, String verdict, String report) {

        static Row of(CaseOutcome c) {
            return new Row(c.name(), c.source(), c.quantity(), c.criterion(), Numbers.decimal(c.reference()),
                    Numbers.decimal(c.fqlab()), c.errorPercent() == null ? Numbers.NONE
                            : String.format(java.util.Locale.ROOT, "%+.2f %%", c.errorPercent()),
                    c.verdict(), c.report() == null ? "" : c.report());
        }
    }
}
