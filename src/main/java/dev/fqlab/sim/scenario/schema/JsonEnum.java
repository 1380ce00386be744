package dev.fqlab.sim.scenario.schema;

/**
 * An enum whose constants a scenario names by a JSON string ({@code "per-wake"}, {@code "802.11ac"}), each with a
 * line of help for the scenario reference.
 */
public interface JsonEnum {

    /** The constant's name in a scenario document. */
    String json();

    /** What the value means, for the scenario reference; empty when the field's help says it all. */
    default String doc() {
        return "";
    }
}
