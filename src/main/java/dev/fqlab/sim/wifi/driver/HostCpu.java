package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.DriverSpec;

/**
 * The host CPU that pays for the driver's work (seeds 002 and 004; {@code stack.driver}'s CPU costs, kernel-spec
 * §5.3). One core does the driver's work, one job at a time, in order. A job costs {@code perWakeCpuUs}, then
 * {@code perPacketCpuUs} for each frame it moves from a TXQ toward the air, plus {@code batchContentionCpuUs} for
 * every frame after the first in the same job: while one core iterates the TXQs it holds mac80211's per-AC lock,
 * and the cores that enqueue stall on it (seed 004). The firmware drivers also pay {@code completionCpuUs} per frame
 * the firmware reports finished, as a job of its own before the next one. Enqueueing itself runs on other cores and
 * is not charged here ({@link ForwardingCore} charges it when {@code forwardCpuUs} is set).
 * With all costs 0 jobs take no simulated time.
 *
 * <p>A job either moves its frames one by one ({@link #startJob}, {@link #moveFrame}: the firmware drivers, whose
 * jobs find out as they go how many frames they move) or is known whole when it is queued ({@link #queueJob}:
 * ath9k's aggregate build).
 */
final class HostCpu {
    private final long wakeNs;
    private final long packetNs;
    private final long contentionNs;
    private final long completionNs;
    /** When the last queued whole job is done. */
    private long freeAt;
    private int jobFrames;
    private long busyNs;
    private long runs;

    HostCpu(DriverSpec spec) {
        this.wakeNs = Math.round(spec.perWakeCpuUs() * Time.NS_PER_US);
        this.packetNs = Math.round(spec.perPacketCpuUs() * Time.NS_PER_US);
        this.contentionNs = Math.round(spec.batchContentionCpuUs() * Time.NS_PER_US);
        this.completionNs = Math.round(spec.completionCpuUs() * Time.NS_PER_US);
    }

    /** Whether the driver's work takes simulated time at all. */
    boolean costsTime() {
        return wakeNs > 0 || packetNs > 0 || contentionNs > 0; // completions: charged by the firmware drivers only
    }

    /**
     * A completion job for {@code frames} finished frames (the firmware drivers: HTT TX completion indications, one
     * unmap, status report and free per MSDU): what it costs.
     */
    long completionJob(int frames) {
        long cost = frames * completionNs;
        busyNs += cost;
        return cost;
    }

    /** A job starts: the wake cost it pays before it moves anything. */
    long startJob() {
        runs++;
        jobFrames = 0;
        busyNs += wakeNs;
        return wakeNs;
    }

    /** The running job moves one more frame: what that frame costs. */
    long moveFrame() {
        jobFrames++;
        long cost = packetNs + (jobFrames > 1 ? contentionNs : 0);
        busyNs += cost;
        return cost;
    }

    /** Frames the running job has moved so far. */
    int jobFrames() {
        return jobFrames;
    }

    /** A whole job of {@code frames} frames, queued at {@code now} behind the jobs before it: when it is done. */
    long queueJob(long now, int frames) {
        long cost = wakeNs + frames * packetNs + (frames - 1) * contentionNs;
        runs++;
        busyNs += cost;
        freeAt = Math.max(now, freeAt) + cost;
        return freeAt;
    }

    /** CPU time the driver used. */
    long busyNs() {
        return busyNs;
    }

    /** Jobs the driver ran. */
    long runs() {
        return runs;
    }
}
