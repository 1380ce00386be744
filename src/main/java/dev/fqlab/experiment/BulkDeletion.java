package dev.fqlab.experiment;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a bulk delete did (or, with {@code dryRun}, would do): of the {@code matched} experiments, {@code deleted}
 * went with their results and queue entries; {@code keptRunning} were running (cancel them first) and
 * {@code keptSweepMembers} fill cells of sweeps (they go with their sweeps: DELETE /api/v1/sweeps/{id}).
 */
@Schema(description = "The outcome of a bulk delete")
public record BulkDeletion(boolean dryRun, long matched, long deleted, long keptRunning, long keptSweepMembers) {
}
