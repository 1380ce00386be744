package dev.fqlab.sweep;

import java.util.List;

/** {@code GET /sweeps}: one page, newest first; {@code next} is the cursor of the next page, or null. */
public record SweepPage(List<SweepSummary> items, String next) {
}
