/**
 * The validated, normalized input of one simulation (spec/scenario.md): plain records with every
 * default filled in. Parsing and validation of JSON happen in the service ({@code dev.fqlab.scenario});
 * the engine only ever sees these records.
 */
package dev.fqlab.sim.scenario;
