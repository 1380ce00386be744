package dev.fqlab.sim.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * The line against arithmetic: every packet leaves exactly {@code delay} after it entered, in the order it entered,
 * however many are in flight (the ring grows past 16) and whatever other events share the clock (the line goes on in
 * place only when nothing else comes first).
 */
class DelayLineTest {

    @Property(tries = 300)
    void eachPacketLeavesDelayAfterItEnteredInOrder(
            @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 50) Integer> gaps,
            @ForAll @LongRange(min = 1, max = 400) long delay,
            @ForAll @Size(max = 60) List<@IntRange(min = 0, max = 3000) Integer> otherTimes) {
        check(gaps, delay, otherTimes);
    }

    /** A sparse start moves the ring's head before a burst makes it grow: the copy must keep the order. */
    @Property(tries = 200)
    void theRingGrowsAfterItsHeadMoved(@ForAll @IntRange(min = 1, max = 40) int sparse,
                                       @ForAll @IntRange(min = 17, max = 150) int burst,
                                       @ForAll @LongRange(min = 20, max = 400) long delay,
                                       @ForAll @Size(max = 30) List<@IntRange(min = 0, max = 20000) Integer> others) {
        List<Integer> gaps = new ArrayList<>();
        for (int i = 0; i < sparse; i++) {
            gaps.add((int) delay + 1); // each leaves before the next enters
        }
        for (int i = 0; i < burst; i++) {
            gaps.add(i % 3 == 0 ? 1 : 0);
        }
        check(gaps, delay, others);
    }

    private static void check(List<Integer> gaps, long delay, List<Integer> otherTimes) {
        var sim = new Simulator();
        List<String> released = new ArrayList<>();
        var line = new DelayLine(sim, delay, (p, now) -> released.add(p.seq + "@" + now));
        List<String> expected = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < gaps.size(); i++) {
            t += gaps.get(i);
            long at = t;
            long seq = i;
            expected.add(seq + "@" + (at + delay));
            sim.schedule(new Event() {
                @Override
                protected void fire(long now) {
                    Packet p = new Packet();
                    p.seq = seq;
                    line.accept(p, now);
                }
            }, at);
        }
        for (int time : otherTimes) { // unrelated events: ties and interleavings with the releases
            sim.schedule(new Event() {
                @Override
                protected void fire(long now) {
                }
            }, time);
        }
        sim.run(t + delay + 1, RunControl.NONE);
        assertThat(released).containsExactlyElementsOf(expected);
    }

    @Property(tries = 100)
    void aReleaseRunsAfterAnEventScheduledEarlierForTheSameTime(@ForAll @LongRange(min = 1, max = 100) long delay) {
        var sim = new Simulator();
        List<String> log = new ArrayList<>();
        var line = new DelayLine(sim, delay, (p, now) -> log.add("packet" + p.seq + "@" + now));
        Event first = new Event() {
            @Override
            protected void fire(long now) {
                Packet p = new Packet();
                line.accept(p, now);
                Packet q = new Packet();
                q.seq = 1;
                sim.schedule(new Event() {
                    @Override
                    protected void fire(long t) {
                        line.accept(q, t);
                    }
                }, now + 1);
            }
        };
        sim.schedule(first, 0);
        // scheduled before the line's release of packet 1 (at delay + 1), so it runs first at that time
        sim.schedule(new Event() {
            @Override
            protected void fire(long now) {
                log.add("other@" + now);
            }
        }, delay + 1);
        sim.run(delay + 10, RunControl.NONE);
        assertThat(log).containsExactly("packet0@" + delay, "other@" + (delay + 1), "packet1@" + (delay + 1));
    }
}
