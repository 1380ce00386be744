package dev.fqlab.sweep;

import dev.fqlab.experiment.ExperimentStatus;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep's status, counts and progress, derived from its experiments (api.md): CANCELLED once cancelled; while
 * any experiment waits or runs, QUEUED (none of its own has started: reused results aside, nothing runs or has
 * finished) or RUNNING; then FAILED when one failed, CANCELLED when one was cancelled, SUCCEEDED when every one
 * succeeded. Deriving it (instead of storing it) means no experiment's
 * change ever has to update its sweep, so no worker or instance can leave the two disagreeing.
 *
 * @param counts experiments per status, every status present
 * @param progress finished experiments count 1, waiting and running ones their own progress; 0 to 1
 * @param finishedAt when the last of them finished (the submission, for a sweep of reused results only); null
 *                   until the status is final
 */
public record SweepState(ExperimentStatus status, Map<ExperimentStatus, Integer> counts, double progress,
                         Instant finishedAt) {

    /** One status's share of a sweep's experiments. */
    record Tally(ExperimentStatus status, int count, double progressSum, Instant lastFinished) {
    }

    static SweepState of(List<SweepMember> members, int reused, Instant submittedAt, Instant cancelledAt) {
        Map<ExperimentStatus, Tally> tallies = new EnumMap<>(ExperimentStatus.class);
        for (SweepMember m : members) {
            tallies.merge(m.status(), new Tally(m.status(), 1, m.progress(), m.finishedAt()), SweepState::add);
        }
        return of(tallies.values(), reused, submittedAt, cancelledAt);
    }

    /** The members' tallies, one per status they have. */
    static List<Tally> tallies(List<SweepMember> members) {
        Map<ExperimentStatus, Tally> tallies = new EnumMap<>(ExperimentStatus.class);
        for (SweepMember m : members) {
            tallies.merge(m.status(), new Tally(m.status(), 1, m.progress(), m.finishedAt()), SweepState::add);
        }
        return List.copyOf(tallies.values());
    }

    static SweepState of(Iterable<Tally> tallies, int reused, Instant submittedAt, Instant cancelledAt) {
        Map<ExperimentStatus, Integer> counts = new EnumMap<>(ExperimentStatus.class);
        for (ExperimentStatus status : ExperimentStatus.values()) {
            counts.put(status, 0);
        }
        int total = 0;
        double done = 0;
        Instant last = submittedAt;
        for (Tally t : tallies) {
            counts.merge(t.status(), t.count(), Integer::sum);
            total += t.count();
            done += t.status().isFinal() ? t.count() : t.progressSum();
            if (t.lastFinished() != null && t.lastFinished().isAfter(last)) {
                last = t.lastFinished();
            }
        }
        int active = counts.get(ExperimentStatus.QUEUED) + counts.get(ExperimentStatus.RUNNING);
        ExperimentStatus status;
        if (cancelledAt != null) {
            status = ExperimentStatus.CANCELLED;
        } else if (active > 0) {
            boolean started = counts.get(ExperimentStatus.RUNNING) > 0 || total - active > reused;
            status = started ? ExperimentStatus.RUNNING : ExperimentStatus.QUEUED;
        } else if (counts.get(ExperimentStatus.FAILED) > 0) {
            status = ExperimentStatus.FAILED;
        } else if (counts.get(ExperimentStatus.CANCELLED) > 0) {
            status = ExperimentStatus.CANCELLED;
        } else {
            status = ExperimentStatus.SUCCEEDED;
        }
        double progress = total == 0 ? 1.0 : Math.clamp(Math.round(done / total * 10_000) / 10_000.0, 0.0, 1.0);
        if (cancelledAt != null && cancelledAt.isAfter(last)) {
            last = cancelledAt;
        }
        return new SweepState(status, Collections.unmodifiableMap(counts), progress, status.isFinal() ? last : null);
    }

    private static Tally add(Tally a, Tally b) {
        Instant last = a.lastFinished() == null ? b.lastFinished()
                : b.lastFinished() == null || a.lastFinished().isAfter(b.lastFinished()) ? a.lastFinished() : b.lastFinished();
        return new Tally(a.status(), a.count() + b.count(), a.progressSum() + b.progressSum(), last);
    }
}
