package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.wifi.channel.FrameErrors;
import dev.fqlab.sim.wifi.mac.Ath9kAggregateLimit;
import dev.fqlab.sim.wifi.phy.ControlFrames;
import dev.fqlab.sim.wifi.phy.Edca;
import dev.fqlab.sim.wifi.phy.MacFraming;
import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * A saturated HT link in closed form, to put a rate control through its paces without the engine: every PPDU is an
 * A-MPDU of 1500-byte IP packets as long as ath9k allows at the chain's slowest series (4096 µs, at most 32
 * subframes), or one MPDU for a probe. Each attempt costs AIFS(BE) + the mean backoff of its contention window +
 * the PPDU (+ RTS/CTS on a fallback series) + SIFS + BlockAck, or + AckTimeout when no MPDU got through; then the
 * hardware tries the chain's next attempt, as ath9k does. MPDUs are lost with the {@link FrameErrors} probability of
 * the attempt's rate; lost ones count as lost (in saturation a software retry only displaces a new frame).
 */
final class LinkHarness {
    static final int IP_BYTES = 1500;
    static final int MAX_SUBFRAMES = 32;
    private static final long AIFS_BE_NS = Edca.SIFS_NS + 3 * Edca.SLOT_NS;

    private final RateControl rc;
    private final FrameErrors errors;
    private final RandomStream random;
    private final RetryChain chain = new RetryChain();
    private final int mpdu = MacFraming.mpduBytes(IP_BYTES);
    private final int subframe = MacFraming.subframeBytes(mpdu);
    long now;
    long deliveredMpdus;
    long ppdus;
    long probes;
    int maxPpduMpdus;
    long maxAggregateAtSlowestNs;

    LinkHarness(RateControl rc, FrameErrors errors, long seed) {
        this.rc = rc;
        this.errors = errors;
        this.random = RandomStream.of(seed, "harness");
    }

    /** Runs until {@code endNs}; returns the MPDUs delivered meanwhile. */
    long runUntil(long endNs) {
        long before = deliveredMpdus;
        int cw = 15;
        while (now < endNs) {
            rc.fillChain(chain, now);
            int frames = chain.probe() ? 1 : framesFor(chain);
            boolean aggregated = !chain.probe();
            rc.sent(chain, now);
            ppdus++;
            probes += chain.probe() ? 1 : 0;
            maxPpduMpdus = Math.max(maxPpduMpdus, frames);
            if (aggregated) {
                maxAggregateAtSlowestNs = Math.max(maxAggregateAtSlowestNs, slowestNs(chain, frames * subframe));
            }
            int psdu = aggregated ? frames * subframe : mpdu;
            int acked = 0;
            while (true) {
                PhyMode mode = chain.currentMode();
                now += AIFS_BE_NS + cw * Edca.SLOT_NS / 2 + (chain.currentRts() ? ControlFrames.protectionNs(mode) : 0)
                        + mode.ppduNs(psdu);
                double p = errors.successProbability(mode, mpdu, now);
                acked = 0;
                for (int i = 0; i < frames; i++) {
                    if (random.nextDouble() >= 1 - p) {
                        acked++;
                    }
                }
                if (acked > 0) {
                    now += Edca.SIFS_NS + ControlFrames.responseNs(mode, aggregated);
                    chain.answered();
                    cw = 15;
                    break;
                }
                now += Edca.ACK_TIMEOUT_NS;
                cw = Math.min(2 * cw + 1, 1023);
                if (!chain.failed()) {
                    break;
                }
            }
            deliveredMpdus += acked;
            rc.txStatus(chain, frames, acked, now);
        }
        return deliveredMpdus - before;
    }

    /** ath_lookup_rate: the shortest 4 ms length over the chain's series, then whole subframes. */
    private int framesFor(RetryChain c) {
        int limit = 65535;
        for (int i = 0; i < c.series(); i++) {
            limit = Math.min(limit, lengthLimit(c.mode(i)));
        }
        return Math.max(1, Math.min(MAX_SUBFRAMES, limit / subframe));
    }

    static int lengthLimit(PhyMode mode) {
        return Ath9kAggregateLimit.maxFramelen(4096, mode.mcs(), mode.channelWidthMhz() == 40,
                mode.shortGuardInterval());
    }

    private static long slowestNs(RetryChain c, int psdu) {
        long slowest = 0;
        for (int i = 0; i < c.series(); i++) {
            slowest = Math.max(slowest, c.mode(i).ppduNs(psdu));
        }
        return slowest;
    }

    /**
     * The goodput a fixed rate gets on this link in expectation, from the PHY arithmetic alone: a full aggregate at
     * {@code mode}, delivered with probability {@code success} per MPDU, per exchange time (Mbit/s of IP bytes).
     */
    static double expectedMbps(PhyMode mode, double success) {
        int sub = MacFraming.subframeBytes(MacFraming.mpduBytes(IP_BYTES));
        int frames = Math.max(1, Math.min(MAX_SUBFRAMES, lengthLimit(mode) / sub));
        double exchangeNs = AIFS_BE_NS + 7.5 * Edca.SLOT_NS + mode.ppduNs(frames * sub) + Edca.SIFS_NS
                + ControlFrames.responseNs(mode, true);
        return frames * success * IP_BYTES * 8 / exchangeNs * 1e3;
    }
}
