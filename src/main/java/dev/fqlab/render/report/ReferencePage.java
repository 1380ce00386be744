package dev.fqlab.render.report;

import dev.fqlab.scenario.ScenarioReference;
import dev.fqlab.scenario.ScenarioReference.Row;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Component;

/** The scenario reference as an HTML page (the same sections as its Markdown form, {@link ScenarioReference}). */
@Component
public class ReferencePage {

    private final PageTemplate template = new PageTemplate("/render/reference.mustache");

    public String html() {
        List<Map<String, Object>> sections = ScenarioReference.sections().stream()
                .map(section -> Map.<String, Object>of("title", section.title(), "anchor", section.anchor(),
                        "summary", section.summary(), "rows", section.rows().stream().map(ReferencePage::row).toList()))
                .toList();
        return template.render(Map.of("sections", sections));
    }

    private static Map<String, Object> row(Row row) {
        return Map.of("name", row.name(), "type", row.type(), "required", row.required(),
                "defaultText", text(row.defaultText()), "values", text(row.values()), "unit", text(row.unit()),
                "where", text(row.where()), "help", text(row.help()));
    }

    private static String text(String value) {
        return Objects.requireNonNullElse(value, "");
    }
}
