package dev.fqlab.sim.bench;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.util.List;

/** The wired benchmarks' link: 1 Gbit/s both ways through a default fq_codel, no time series. */
final class GigabitFqCodel {

    private GigabitFqCodel() {
    }

    static Scenario scenario(double durationS, double wiredRttMs, List<FlowSpec> flows) {
        var link = WiredLinkSpec.SCHEMA.builder().set("rateMbps", 1000).set("upRateMbps", 1000).build();
        return Scenario.SCHEMA.builder().set("name", "bench").set("durationS", durationS).set("sampleIntervalMs", 0)
                .set("link", link).set("wiredRttMs", wiredRttMs).set("stack", new StackSpec(Scenarios.fqCodel()))
                .set("flows", flows).build();
    }
}
