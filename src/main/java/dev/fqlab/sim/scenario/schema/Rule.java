package dev.fqlab.sim.scenario.schema;

/**
 * A check that relates several fields (a cross-field rule), kept in code beside the record it belongs to. It runs
 * after the object's fields are read and sees them through the scope; a field that is null there was invalid or
 * absent, and the rule leaves it alone.
 */
@FunctionalInterface
public interface Rule {
    void apply(Scope scope, Report report);
}
