package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.integer;
import static dev.fqlab.sim.scenario.schema.Field.number;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Scope;

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
 * @param completionCpuUs host CPU cost of one TX completion the firmware reports (firmware drivers)
 * @param forwardCpuUs host CPU cost, on the forwarding core, of carrying one packet from the wired port to the TXQs
 * @param rxRingPackets the wired port's RX ring in front of the forwarding core
 */
public record DriverSpec(DequeueStrategy dequeue, int hwQueueAggregates, int hwQueuePackets, int budgetPackets,
                         double perWakeCpuUs, double perPacketCpuUs, double batchContentionCpuUs,
                         double completionCpuUs, double forwardCpuUs, int rxRingPackets) {

    private static final IntRange DRIVER_PACKETS = IntRange.of(1, 100_000);
    private static final NumberRange CPU_US = NumberRange.closed(0, 1_000_000);

    public static final RecordSchema<DriverSpec> SCHEMA = RecordSchema.of(DriverSpec.class, "Driver",
            "How the WiFi driver pulls frames from the TXQs, and what its work costs the host CPU (wifi links only).",
            enumeration("dequeue", DequeueStrategy.class).defaultValue(DequeueStrategy.AGGREGATE)
                    .help("aggregate: build one A-MPDU per service (ath9k); per-wake: each wake call hands one frame to the "
                            + "firmware queue (seed 004, \"with previous change\"); drain-all: each driver run moves "
                            + "everything the TXQs hold into the firmware queue (ath10k push, seed 004 \"without\"); "
                            + "budget: at most budgetPackets per TXQ per run; pull: the firmware asks for frames when it "
                            + "has room (ath10k pull)."),
            integer("hwQueueAggregates").defaultValue(2).range(IntRange.of(1, 16)).unit("aggregates")
                    .help("Aggregates queued in hardware per AC (ath9k)."),
            integer("hwQueuePackets").defaultValue(123).range(DRIVER_PACKETS).unit("packets")
                    .help("The legacy per-AC driver buffer when txqs are disabled; the firmware queue for drain-all "
                            + "and pull; each station's per-AC uplink FIFO."),
            integer("budgetPackets").defaultValue(16).range(DRIVER_PACKETS).unit("packets")
                    .help("budget: frames per TXQ per driver run."),
            number("perWakeCpuUs").defaultValue(0.0).range(CPU_US).unit("µs")
                    .help("Host CPU cost of one driver run, on one core. With aggregate, a run builds one A-MPDU, "
                            + "which may go on the air only once the run is done."),
            number("perPacketCpuUs").defaultValue(0.0).range(CPU_US).unit("µs")
                    .help("Host CPU cost of one dequeued packet."),
            number("batchContentionCpuUs").defaultValue(0.0).range(CPU_US).unit("µs")
                    .help("Extra CPU cost of each packet dequeued inside a multi-packet run: other cores stall on the "
                            + "per-AC TXQ lock the iterating core holds (seed 004)."),
            number("completionCpuUs").defaultValue(0.0).range(CPU_US).unit("µs")
                    .help("Host CPU cost, on the driver's core, of one frame the firmware reports finished (its TX "
                            + "completion: unmap, status, free), paid as a job before the next driver run (per-wake, "
                            + "drain-all, budget, pull)."),
            number("forwardCpuUs").defaultValue(0.0).range(CPU_US).unit("µs")
                    .help("Host CPU cost of forwarding one downlink packet from the wired port into the qdisc and "
                            + "TXQs, on a core of its own (seed 004's two-core AP: NAPI on one core, the driver's work "
                            + "on the other). 0: forwarding is free and instant."),
            integer("rxRingPackets").defaultValue(512).range(DRIVER_PACKETS).unit("packets")
                    .help("The wired port's RX ring in front of the forwarding core (only with forwardCpuUs > 0): "
                            + "packets arriving while it is full are dropped. 512: stmmac's DMA_DEFAULT_RX_SIZE, the "
                            + "Ethernet driver of ath10k's IPQ806x APs."))
            .rule(DriverSpec::firmwareAmsduNeedsFirmware);

    /** ath9k ({@code aggregate}) builds its A-MPDUs in the host: it has no firmware to build A-MSDUs. */
    private static void firmwareAmsduNeedsFirmware(Scope driver, Report report) {
        Scope link = WifiLinkSpec.of(driver);
        Scope amsdu = link == null ? null : link.object("amsdu");
        if (amsdu != null && amsdu.value("where", AmsduLocation.class) == AmsduLocation.FIRMWARE
                && driver.value("dequeue", DequeueStrategy.class) == DequeueStrategy.AGGREGATE) {
            report.fail("dequeue", "must be a firmware driver (per-wake, drain-all, budget, pull) when "
                    + "link.amsdu.where is firmware: ath9k (aggregate) has no firmware A-MSDU");
        }
    }
}
