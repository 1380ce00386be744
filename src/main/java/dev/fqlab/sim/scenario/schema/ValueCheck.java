package dev.fqlab.sim.scenario.schema;

/**
 * Judges one value of a field in its scope: null when the value is fine, else the problem. For
 * {@link Field#allowed} the text says what is valid (read as "must be …"); for {@link Field#check} it is the whole
 * message.
 */
@FunctionalInterface
public interface ValueCheck<T> {
    String problem(Scope scope, T value);
}
