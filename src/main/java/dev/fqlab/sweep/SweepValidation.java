package dev.fqlab.sweep;

/**
 * {@code POST /sweeps/validate}: what the sweep would run, without running it.
 *
 * @param experiments combinations × repetitions
 * @param reusable how many of them would reuse an earlier result now (0 when the request says "reuse": false)
 */
public record SweepValidation(String name, int combinations, int repetitions, int experiments, int reusable) {
}
