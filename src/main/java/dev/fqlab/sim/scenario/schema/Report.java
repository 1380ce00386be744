package dev.fqlab.sim.scenario.schema;

/** Where a {@link Rule} reports what it finds; each report makes the field (and its object) invalid. */
public interface Report {

    /** A problem with {@code field} of the object the rule belongs to. */
    void fail(String field, String message);

    /** A problem with the object as a whole (reported at the object's own pointer). */
    void failObject(String message);
}
