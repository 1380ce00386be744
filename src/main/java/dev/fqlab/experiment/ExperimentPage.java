package dev.fqlab.experiment;

import java.util.List;

/** {@code GET /experiments}: one page, newest first; {@code next} is the cursor of the next page, or null. */
public record ExperimentPage(List<ExperimentResource> items, String next) {
}
