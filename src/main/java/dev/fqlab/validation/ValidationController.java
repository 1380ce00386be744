package dev.fqlab.validation;

import dev.fqlab.web.PathIds;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The fidelity scorecard: POST starts a run of every reference case, GET reads its table. */
@RestController
@RequestMapping("/api/v1/validation")
@Tag(name = "Validation", description = "The fidelity scorecard: fqlab against outside references")
public class ValidationController {

    private final ValidationService service;

    public ValidationController(ValidationService service) {
        this.service = service;
    }

    @PostMapping
    @Operation(summary = "Run the fidelity scorecard",
            description = "Queues one experiment per reference case (tagged validation); answers 202 with the run, "
                    + "whose cases are pending until their experiments finish.")
    public ResponseEntity<ValidationRun> start() {
        UUID id = service.start();
        URI location = ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/v1/validation/{id}")
                .buildAndExpand(id).toUri();
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(location).body(service.get(id));
    }

    @GetMapping("/{id}")
    @Operation(summary = "A scorecard run: per case the source, reference, fqlab's value, error and verdict")
    public ValidationRun get(@PathVariable String id) {
        return service.get(PathIds.parse(id, "validation run"));
    }
}
