package dev.fqlab.sim.scenario.schema;

/**
 * Whether a field applies in its context (e.g. a station's {@code mcs} on an 802.11a link, a stack's {@code txqs} on
 * a wired link): it applies; it is required (with a message that says why); it must be absent (arrays: empty); or
 * it is skipped unchecked because what decides is itself invalid and already reported.
 */
public record When(Kind kind, String message) {

    public enum Kind { APPLIES, REQUIRED, REJECTED, SKIPPED }

    public static final When APPLIES = new When(Kind.APPLIES, null);
    /** What decides is invalid (already reported): the field is consumed without checks. */
    public static final When SKIPPED = new When(Kind.SKIPPED, null);

    public static When required(String message) {
        return new When(Kind.REQUIRED, message);
    }

    public static When rejected(String message) {
        return new When(Kind.REJECTED, message);
    }
}
