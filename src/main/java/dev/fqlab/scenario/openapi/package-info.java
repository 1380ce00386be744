/**
 * OpenAPI documentation of the scenario document (spec/scenario.md): plain records whose components carry
 * swagger {@code @Schema} annotations with each field's meaning, unit, default and range. They are never
 * instantiated; a controller points its request or response schema at them, e.g.
 * {@code @Content(schema = @Schema(implementation = ScenarioDoc.class))}. The parser is the authority;
 * ScenarioDocTest fails when a field of the normalized JSON is missing here, or documented here but never written.
 */
package dev.fqlab.scenario.openapi;
