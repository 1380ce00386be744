package dev.fqlab.sim.bench;

import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.util.List;

/** The wired benchmarks' link: 1 Gbit/s both ways through a default fq_codel, no time series. */
final class GigabitFqCodel {

    private GigabitFqCodel() {
    }

    static Scenario scenario(double durationS, double wiredRttMs, List<FlowSpec> flows) {
        var codel = new CodelSettings(5, 100, true, null, CodelArithmetic.LINUX);
        var fqCodel = new QdiscSpec.FqCodel(1024, 10240, 33554432L, 1514, QuantumMode.BYTES, 64, codel);
        return new Scenario("bench", 1, durationS, 0, 0, new WiredLinkSpec(1000, 1000, 0, 14), List.of(), wiredRttMs,
                new StackSpec(fqCodel), flows);
    }
}
