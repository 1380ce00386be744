package dev.fqlab.sim.scenario.schema;

import java.util.Locale;

/**
 * An enum whose constants a scenario names by a JSON string: by default the constant's name in lower case with
 * '-' for '_' ({@code PER_WAKE} is {@code "per-wake"}); an enum whose names differ ({@code "802.11ac"}) overrides it.
 */
public interface JsonEnum {

    /** The constant's name in a scenario document. */
    default String json() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
