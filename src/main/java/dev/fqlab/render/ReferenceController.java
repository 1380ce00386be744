package dev.fqlab.render;

import dev.fqlab.render.report.ReferencePage;
import dev.fqlab.scenario.ScenarioReference;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The scenario reference, generated from the field declarations: every field, its default, values and unit. */
@RestController
@RequestMapping("/api/v1/reference")
@Tag(name = "Reference", description = "What a scenario may contain, generated from the engine's field declarations")
public class ReferenceController {

    static final String TEXT_MARKDOWN = "text/markdown";

    private final ReferencePage page;

    public ReferenceController(ReferencePage page) {
        this.page = page;
    }

    @GetMapping(path = "/scenario", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(summary = "The scenario reference as an HTML page",
            description = "One table per object (the scenario, link, station, stack, qdisc …): each field's type, "
                    + "default, accepted values, unit and meaning.")
    public ResponseEntity<String> html() {
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .body(page.html());
    }

    @GetMapping(path = "/scenario.md", produces = TEXT_MARKDOWN)
    @Operation(summary = "The scenario reference as Markdown", description = "The same tables as GitHub Markdown.")
    public ResponseEntity<String> markdown() {
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(TEXT_MARKDOWN + ";charset=UTF-8"))
                .body(ScenarioReference.markdown());
    }
}
