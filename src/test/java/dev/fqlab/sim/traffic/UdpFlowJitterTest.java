package dev.fqlab.sim.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.stats.FlowStats;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * A UDP flood keeps its jitter stream's state and the divisor's constants in its own fields (issue 16); the oracle
 * is the arithmetic it replaced: {@code RandomStream.of(seed, "flow.<name>.jitter").nextLong(jitterNs)}
 * (Math.floorMod) for each send, the send times {@code max(now, start + round(k × interval) + jitter)}.
 */
class UdpFlowJitterTest {

    @Property(tries = 200)
    void sendsWhenTheRandomStreamSaysSo(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5000) int jitterUs,
                                        @ForAll @DoubleRange(min = 0.5, max = 200) double rateMbps,
                                        @ForAll @IntRange(min = 64, max = 1500) int packetBytes) {
        double durationS = 0.05;
        var traffic = Scenarios.udpTraffic().set("rateMbps", rateMbps).set("packetBytes", packetBytes)
                .set("jitterMs", jitterUs / 1000.0).build();
        FlowSpec spec = Scenarios.flowSpec("udp-" + (seed & 0xff), durationS).set("traffic", traffic).build();
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        List<Long> sent = new ArrayList<>();
        PacketSink sink = (p, now) -> {
            sent.add(now);
            assertThat(p.sentAt).isEqualTo(now);
            pool.release(p);
        };
        UdpFlow flow = new UdpFlow(new Flow.Context(0, spec, new FlowStats(0), sim, pool,
                new Flow.FlowPath(sink, 1, sink, 2), 0, seed));
        flow.start();
        long stopNs = Time.seconds(durationS);
        sim.run(stopNs, RunControl.NONE);

        RandomStream jitter = RandomStream.of(seed, "flow." + spec.name() + ".jitter");
        long jitterNs = Time.ms(jitterUs / 1000.0);
        double intervalNs = packetBytes * 8e3 / rateMbps;
        List<Long> expected = new ArrayList<>();
        long now = jitter.nextLong(jitterNs);
        for (long k = 1; now <= stopNs; k++) {
            expected.add(now);
            long next = Math.round(k * intervalNs);
            if (next >= stopNs) {
                break;
            }
            now = Math.max(now, next + jitter.nextLong(jitterNs));
        }
        assertThat(sent).isEqualTo(expected);
    }
}
