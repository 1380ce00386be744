package dev.fqlab.sim.scenario;

/** Which station's TXQ the driver serves next (scenario.md {@code stack.scheduler}; kernel-spec §4). */
public sealed interface SchedulerSpec permits SchedulerSpec.RoundRobin, SchedulerSpec.Airtime {

    String type();

    /** Plain round robin over active TXQs. */
    record RoundRobin() implements SchedulerSpec {
        @Override
        public String type() {
            return "round-robin";
        }
    }

    /**
     * mac80211's airtime deficit round robin (kernel-spec §4.3).
     *
     * @param quantumUs airtime a station's deficit is topped up with, scaled by its weight / 256
     * @param chargeRx whether airtime the station uses to transmit (uplink) counts against it too
     */
    record Airtime(int quantumUs, boolean chargeRx) implements SchedulerSpec {
        @Override
        public String type() {
            return "airtime";
        }
    }
}
