package dev.fqlab.render;

import dev.fqlab.web.PathIds;
import dev.fqlab.render.report.ValidationPage;
import dev.fqlab.validation.ValidationService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The fidelity scorecard of a run as an HTML page. */
@RestController
@RequestMapping("/api/v1/validation/{id}")
@Tag(name = "Validation")
public class ValidationRenderController {

    private final ValidationService validation;
    private final ValidationPage page;

    public ValidationRenderController(ValidationService validation, ValidationPage page) {
        this.validation = validation;
        this.page = page;
    }

    @GetMapping(path = "/report", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(summary = "The scorecard as an HTML page")
    public ResponseEntity<String> report(@PathVariable String id) {
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .body(page.render(validation.get(PathIds.parse(id, "validation run"))));
    }
}
