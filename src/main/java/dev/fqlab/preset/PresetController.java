package dev.fqlab.preset;

import dev.fqlab.web.ApiProblem;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/presets")
@Tag(name = "Presets", description = "Ready-made experiments reproducing the seed threads")
public class PresetController {

    private final PresetCatalog catalog;

    public PresetController(PresetCatalog catalog) {
        this.catalog = catalog;
    }

    @GetMapping
    @Operation(summary = "List the presets")
    public List<PresetSummary> list() {
        return catalog.all().stream().map(PresetSummary::of).toList();
    }

    @GetMapping("/{name}")
    @Operation(summary = "One preset with its scenario normalized (every default filled in)")
    public PresetDetail get(@PathVariable String name) {
        return catalog.find(name).map(PresetDetail::of)
                .orElseThrow(() -> ApiProblem.notFound("No preset named '" + name + "'; GET /api/v1/presets lists them."));
    }
}
