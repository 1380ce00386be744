package dev.fqlab.sim.traffic;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.InvariantDivisor;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.TrafficSpec;

/**
 * A constant-bit-rate UDP sender (scenario.md {@code udp}), like {@code iperf -u -b}: every send event emits
 * {@code burst} whole IP packets; events are spaced so the average rate is {@code rateMbps} of IP bytes (or
 * every {@code intervalMs}). Send times are computed from the start, so they do not drift; {@code jitterMs}
 * delays each send event by a uniform random time drawn from the flow's own seeded stream. A rate above
 * capacity simply saturates the bottleneck.
 */
public final class UdpFlow extends Flow {
    private final TrafficSpec.Udp udp;
    private final boolean up;
    private final long startNs;
    private final long stopNs;
    private final double intervalNs;
    /**
     * {@link #intervalNs} as a long when it is a whole number of ns and every send's offset {@code events × interval}
     * stays below 2^53 (then the double product is exact and {@code Math.round} returns it unchanged), else 0.
     */
    private final long wholeIntervalNs;
    private final int burst;
    /** The spec's packet size, kept here: reading it through the spec record touched one more cache line per send. */
    private final int packetBytes;
    private final long jitterNs;
    /*
     * The jitter stream ("flow.<name>.jitter") and jitterNs as an InvariantDivisor, kept as fields of the flow
     * rather than two objects of their own: with 128 floods each send found both out of the caches (issue 16).
     * A draw is RandomStream.nextLong(jitterNs), draw for draw, without a 64-bit division.
     */
    private long jitterState;
    private final long jitterMultiplier;
    private final long jitterWrap;
    private final int jitterShift1;
    private final int jitterShift2;
    private long remaining;
    private long events;
    private final Event sendEvent = new Event() {
        @Override
        protected void fire(long now) {
            sendBurst(now);
        }
    };

    public UdpFlow(Context context) {
        super(context);
        this.udp = (TrafficSpec.Udp) spec.traffic();
        this.up = spec.direction() == Direction.UP;
        this.startNs = Time.seconds(spec.startS());
        this.stopNs = Time.seconds(spec.stopS());
        this.burst = udp.burst();
        this.packetBytes = udp.packetBytes();
        this.jitterNs = Time.ms(udp.jitterMs());
        // without jitter the stream is never drawn from: naming and seeding it was a sixth of a 3000-flow set-up
        if (jitterNs > 0) {
            this.jitterState = RandomStream.initialState(context.seed(), "flow." + spec.name() + ".jitter");
            InvariantDivisor bound = new InvariantDivisor(jitterNs);
            this.jitterMultiplier = bound.multiplier();
            this.jitterWrap = bound.wrap();
            this.jitterShift1 = bound.shift1();
            this.jitterShift2 = bound.shift2();
        } else {
            this.jitterMultiplier = 0;
            this.jitterWrap = 0;
            this.jitterShift1 = 0;
            this.jitterShift2 = 0;
        }
        this.remaining = udp.packets() == null ? Long.MAX_VALUE : udp.packets();
        this.intervalNs = udp.rateMbps() != null
                ? burst * udp.packetBytes() * 8e3 / udp.rateMbps()
                : udp.intervalMs() * Time.NS_PER_MS;
        this.wholeIntervalNs = wholeInterval(intervalNs, stopNs - startNs);
        // the packets it offers in the measurement window: at most that many latency samples (a size hint only)
        long window = stopNs - Math.max(startNs, context.warmupNs());
        if (intervalNs > 0 && window > 0) {
            stats.latency().expect(Math.min(remaining, (long) (window / intervalNs) * burst));
        }
    }

    /**
     * {@code intervalNs} as a long when {@code Math.round(k × intervalNs) == k × (long) intervalNs} for every offset up
     * to one interval past {@code spanNs} (a whole number of ns, products below 2^53), else 0.
     */
    static long wholeInterval(double intervalNs, long spanNs) {
        if (!(intervalNs >= 1 && intervalNs <= 1L << 40) || intervalNs != Math.rint(intervalNs)
                || spanNs < 0 || spanNs > 1L << 51) {
            return 0;
        }
        return (long) intervalNs;
    }

    /** A UDP receiver only counts what arrives. */
    @Override
    public boolean onlyCounts() {
        return true;
    }

    @Override
    public void start() {
        sim.schedule(sendEvent, startNs + jitter());
    }

    private long jitter() {
        if (jitterNs == 0) {
            return 0;
        }
        jitterState += RandomStream.GAMMA;
        return InvariantDivisor.floorMod(RandomStream.output(jitterState), jitterNs, jitterMultiplier, jitterShift1,
                jitterShift2, jitterWrap);
    }

    /**
     * One send event, and the following ones as long as each would be the simulator's very next event anyway
     * ({@link dev.fqlab.sim.core.Simulator#continueAt}): with jitter a send is often due at once, and the flood
     * then costs one event, not one per packet, with the same packets at the same times in the same order.
     */
    private void sendBurst(long now) {
        while (true) {
            for (int i = 0; i < burst && remaining > 0; i++) {
                send(packetBytes, up, now);
                remaining--;
            }
            events++;
            long next = startNs + (wholeIntervalNs > 0 ? events * wholeIntervalNs : Math.round(events * intervalNs));
            if (remaining <= 0 || intervalNs <= 0 || next >= stopNs) {
                return;
            }
            long at = Math.max(now, next + jitter());
            if (!sim.continueAt(sendEvent, at)) {
                sim.schedule(sendEvent, at);
                return;
            }
            now = at;
        }
    }
}
