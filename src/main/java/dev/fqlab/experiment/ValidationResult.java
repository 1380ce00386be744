package dev.fqlab.experiment;

import tools.jackson.databind.JsonNode;

/**
 * {@code POST /experiments/validate}: the scenario that would run, every default filled in, and the SHA-256
 * its result would carry as {@code scenarioSha256}.
 */
public record ValidationResult(JsonNode scenario, String scenarioSha256, String preset) {
}
