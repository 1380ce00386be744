package dev.fqlab.sim.scenario;

/**
 * The WiFi driver (scenario.md {@code stack.driver}; kernel-spec §5) and the host CPU that pays for its work.
 *
 * @param hwQueueAggregates aggregates queued in hardware per AC (ath9k)
 * @param hwQueuePackets the legacy per-AC driver buffer when TXQs are off; the firmware queue for
 *                       drain-all/per-wake/budget/pull; and each station's per-AC FIFO
 * @param budgetPackets frames per TXQ per run for {@code budget}
 * @param perWakeCpuUs host CPU cost of one driver run
 * @param perPacketCpuUs host CPU cost of one dequeued frame
 * @param batchContentionCpuUs extra cost of each frame dequeued inside a multi-frame run (lock contention)
 */
public record DriverSpec(DequeueStrategy dequeue, int hwQueueAggregates, int hwQueuePackets, int budgetPackets,
                         double perWakeCpuUs, double perPacketCpuUs, double batchContentionCpuUs) {
}
