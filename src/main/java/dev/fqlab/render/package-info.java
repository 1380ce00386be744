/**
 * Renderings of a succeeded experiment for people and their tools (api.md "renderings"): a flent data file
 * ({@link dev.fqlab.render.flent}), SVG plots ({@link dev.fqlab.render.plot}) and an HTML report
 * ({@link dev.fqlab.render.report}). Each reads one {@link dev.fqlab.render.ExperimentOutcome}: the stored
 * experiment, its normalized scenario and its result; none of them touches the database or the engine.
 */
package dev.fqlab.render;
