package dev.fqlab.experiment;

import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /experiments/validate}: the scenario that would run, every default filled in, and the SHA-256
 * its result would carry as {@code scenarioSha256}.
 */
public record ValidationResult(@Schema(ref = "Scenario", description = "The normalized scenario: every default filled in") JsonNode scenario, String scenarioSha256, String preset) {
}
