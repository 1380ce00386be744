package dev.fqlab.validation;

import java.util.function.ToDoubleFunction;
import tools.jackson.databind.JsonNode;

/**
 * One case of the fidelity scorecard: an experiment request, the quantity fqlab's result gives for it, and the value
 * an outside source gives for the same quantity, with the agreement the case asks for.
 *
 * @param name short and unique, e.g. {@code "DCF saturation, 802.11a 54 Mbit/s, n = 10"}
 * @param source where the reference comes from: paper, RFC, standard clause, kernel file, seed thread
 * @param quantity what is compared, with its unit
 * @param request the experiment request that runs the case ({@code {"scenario": …}} or {@code {"preset": …}})
 * @param reference the outside value, from the result where the source's formula takes a measured input (Mathis'
 *                  RTT); otherwise a constant
 * @param comparison how fqlab's value must relate to it
 * @param tolerance for {@link Comparison#WITHIN}: the largest relative error, e.g. 0.02
 * @param measure reads fqlab's value from the result document
 */
public record ReferenceCase(String name, String source, String quantity, JsonNode request, ToDoubleFunction<JsonNode> reference,
                            Comparison comparison, double tolerance, ToDoubleFunction<JsonNode> measure) {

    /** How fqlab's value must relate to the reference. */
    public enum Comparison {
        /** |fqlab − reference| ≤ tolerance × |reference| */
        WITHIN,
        /** fqlab ≤ reference (a bound the source states) */
        AT_MOST,
        /** fqlab ≥ reference */
        AT_LEAST;

        boolean holds(double fqlab, double reference, double tolerance) {
            return switch (this) {
                case WITHIN -> Math.abs(fqlab - reference) <= tolerance * Math.abs(reference);
                case AT_MOST -> fqlab <= reference;
                case AT_LEAST -> fqlab >= reference;
            };
        }

        String describe(double tolerance) {
            return switch (this) {
                case WITHIN -> "within " + Math.round(tolerance * 1000) / 10.0 + " %";
                case AT_MOST -> "at most";
                case AT_LEAST -> "at least";
            };
        }
    }

    /** The verdict for fqlab's value against the reference value. */
    public boolean passes(double fqlab, double referenceValue) {
        return !Double.isNaN(fqlab) && !Double.isNaN(referenceValue) && comparison.holds(fqlab, referenceValue, tolerance);
    }

    public String criterion() {
        return comparison.describe(tolerance);
    }
}
