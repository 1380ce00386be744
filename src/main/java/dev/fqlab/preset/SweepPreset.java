package dev.fqlab.preset;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a sweep preset stands for (presets.md): its variants, each an experiment preset named
 * {@code <sweep>-<label>}, run side by side with repetitions. The file names the variants and the one pointer
 * where they differ; the catalog takes each variant's value at that pointer from the variant preset itself and
 * refuses to start when a variant differs from the others anywhere else, so the sweep and its variant presets
 * cannot drift apart.
 *
 * @param available false while this engine version cannot run it (its variants have not landed)
 * @param reason why it is unavailable; null when available
 * @param variants the experiment presets it runs, in table order
 * @param definition the sweep request it stands for, in {@code POST /sweeps} form: {@code {"base": {"scenario":
 *                   …}, "parameters": [{"name", "pointer", "values", "labels"}], "repetitions", "metrics"}}, the base
 *                   scenario as written (the first variant's, named after the sweep); null when unavailable
 * @param normalized {@code definition} with the base scenario normalized (every default filled in), for display;
 *                   null when unavailable
 */
public record SweepPreset(boolean available, String reason, List<String> variants, ObjectNode definition,
                          ObjectNode normalized) {

    public SweepPreset {
        variants = List.copyOf(variants);
    }
}
