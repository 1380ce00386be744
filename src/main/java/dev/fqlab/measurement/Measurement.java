package dev.fqlab.measurement;

import java.time.Instant;
import java.util.UUID;

/**
 * One uploaded flent data file.
 *
 * @param test flent's test name ({@code metadata.NAME})
 * @param sizeBytes the uploaded (gzip'ed) file's size
 */
public record Measurement(UUID id, String name, String test, Instant uploadedAt, long sizeBytes) {
}
