package dev.fqlab.scenario.openapi;

import io.swagger.v3.oas.annotations.media.Schema;

/** How the driver pulls from the TXQs, and the host CPU it costs (spec/scenario.md, "driver"). */
@Schema(name = "Driver", description = "How the WiFi driver pulls frames from the TXQs, and what its work costs the "
        + "host CPU (wifi links only).")
public record DriverDoc(
        @Schema(description = "aggregate: build one A-MPDU per service (ath9k); per-wake: each wake call hands one "
                + "frame to the firmware queue; drain-all: each driver run moves everything the TXQs hold into the "
                + "firmware queue (ath10k push); budget: at most budgetPackets per TXQ per run; pull: the firmware "
                + "asks for frames when it has room (ath10k pull).", defaultValue = "aggregate",
                allowableValues = {"aggregate", "per-wake", "drain-all", "budget", "pull"})
        String dequeue,

        @Schema(description = "Aggregates queued in hardware per AC (ath9k); integer 1 to 16.", defaultValue = "2",
                minimum = "1", maximum = "16")
        Integer hwQueueAggregates,

        @Schema(description = "The legacy per-AC driver buffer when txqs are disabled; the firmware queue for "
                + "drain-all and pull; each station's per-AC uplink FIFO. Packets, integer 1 to 100000.",
                defaultValue = "123", minimum = "1", maximum = "100000")
        Integer hwQueuePackets,

        @Schema(description = "budget: frames per TXQ per driver run; integer 1 to 100000.", defaultValue = "16",
                minimum = "1", maximum = "100000")
        Integer budgetPackets,

        @Schema(description = "Host CPU cost of one driver run in microseconds, on one core; 0 to 1000000. With "
                + "aggregate, a run builds one A-MPDU, which may go on the air only once the run is done.",
                defaultValue = "0", minimum = "0", maximum = "1000000")
        Double perWakeCpuUs,

        @Schema(description = "Host CPU cost of one dequeued packet in microseconds; 0 to 1000000.",
                defaultValue = "0", minimum = "0", maximum = "1000000")
        Double perPacketCpuUs,

        @Schema(description = "Extra CPU cost in microseconds of each packet dequeued inside a multi-packet run (other "
                + "cores stall on the per-AC TXQ lock); 0 to 1000000.", defaultValue = "0", minimum = "0",
                maximum = "1000000")
        Double batchContentionCpuUs) {
}
