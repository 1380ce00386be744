/**
 * The output of one simulation (spec/results.md) as plain records, in the JSON field order of the
 * contract. Doubles are already rounded to 6 significant digits so serialized JSON is stable.
 * Optional blocks carry {@code @JsonInclude(NON_NULL)}: a marker annotation only, no Jackson code runs here.
 */
package dev.fqlab.sim.result;
