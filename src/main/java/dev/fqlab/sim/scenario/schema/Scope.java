package dev.fqlab.sim.scenario.schema;

import java.util.Set;

/**
 * What a computed default, a range that depends on other fields, a check or a rule sees while a scenario is read:
 * the fields of one JSON object, its parent and the document's root. A value is null when the field is absent
 * without a default, invalid (already reported), or not applicable; rules skip what they cannot judge, so each
 * mistake is reported once. A field that has not been read yet is read on demand, so a default may depend on a
 * field declared after it.
 */
public interface Scope {

    /** Whether the document has the field (whatever its value). */
    boolean has(String field);

    Double number(String field);

    Long integer(String field);

    Boolean bool(String field);

    String string(String field);

    /** An enum field's value. */
    <E extends Enum<E>> E value(String field, Class<E> type);

    /** A nested object's scope (even when some of its fields are invalid), or null when it is not an object. */
    Scope object(String field);

    /** For an object whose fields depend on its {@code type}: the type when valid, else null. */
    String type();

    /** The enclosing object (array elements: the object holding the array); null at the root. */
    Scope parent();

    Scope root();

    /**
     * The string values of {@code field} in every element of the array {@code arrayField}, or null unless the array
     * has elements and every one has a string there (then a name missing from the set is really unknown).
     */
    Set<String> strings(String arrayField, String field);

    /** The service's limits (fqlab.limits.*). */
    Limits limits();

    /** Service limits a scenario must respect (api.md, Configuration). */
    record Limits(double maxDurationS, int maxStations, int maxFlows) {
    }
}
