package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.wifi.phy.ControlFrames;
import dev.fqlab.sim.wifi.phy.Edca;
import dev.fqlab.sim.wifi.phy.MacFraming;
import dev.fqlab.sim.wifi.phy.PhyMode;
import dev.fqlab.sim.wifi.rc.RetryChain;

/**
 * Fills a PPDU the way ath9k's {@code ath_tx_form_aggr} does (drivers/net/wireless/ath/ath9k/xmit.c, Linux 6.10;
 * kernel-spec §5.1): retransmissions first, then new frames, while the A-MPDU stays within {@code maxSubframes},
 * {@code maxBytes}, the length that fits in the aggregate's duration at the peer's rate, and the BlockAck window. The
 * duration is ath9k's: 4096 µs, or the AC's TXOP limit when it has one (VI 3008, VO 1504 µs), and at most
 * {@code maxDurationUs}; an HT peer's length is {@link Ath9kAggregateLimit#maxFramelen ath_max_framelen} of it (the
 * kernel's integer arithmetic), a VHT peer's the standard's longest PSDU in it. A new frame that does not fit is
 * parked for the next PPDU (it has already left its queue). With firmware A-MSDU (ath10k) a new frame first takes
 * the MSDUs queued behind it into an A-MSDU ({@link Amsdu}); the A-MSDU is one MPDU from then on. Without
 * aggregation (802.11a, or VO) a PPDU carries one MPDU.
 */
public final class PpduBuilder {
    /** No bound on the exchange's duration beyond the A-MPDU limits. */
    public static final long NO_LIMIT = Long.MAX_VALUE;
    private final int maxSubframes;
    private final int maxBytes;
    /** Per AC: ath9k's aggregate duration (4096 µs, or the EDCA TXOP limit), at most {@code maxDurationUs}. */
    private final int[] maxDurationUs = new int[4];
    private final boolean ampdu;
    /** Firmware A-MSDU (ath10k): MSDUs per A-MSDU (1: off) and the longest MPDU the peer takes. */
    private final int amsduSubframes;
    private final int amsduMaxMpduBytes;

    public PpduBuilder(AmpduSpec spec) {
        this(spec, 1, Integer.MAX_VALUE);
    }

    /**
     * A builder that also joins new frames into A-MSDUs as ath10k's firmware does: up to {@code amsduSubframes}
     * MSDUs that wait in the source one behind the other, while the MPDU stays within {@code amsduMaxMpduBytes}.
     */
    public PpduBuilder(AmpduSpec spec, int amsduSubframes, int amsduMaxMpduBytes) {
        this.amsduSubframes = amsduSubframes;
        this.amsduMaxMpduBytes = amsduMaxMpduBytes;
        this.ampdu = spec.enabled();
        this.maxSubframes = spec.enabled() ? spec.maxSubframes() : 1;
        this.maxBytes = spec.maxBytes();
        for (AccessCategory ac : AccessCategory.values()) {
            int txopUs = (int) (Edca.txopLimitNs(ac) / 1_000);
            maxDurationUs[ac.ordinal()] = Math.min(spec.maxDurationUs(), Ath9kAggregateLimit.durationUs(txopUs));
        }
    }

    /**
     * Builds into {@code ppdu}; empty when there is nothing to send.
     *
     * @param aggregate false forces one MPDU (VO, or a peer without aggregation)
     */
    public void build(Ppdu ppdu, int station, int tid, int ac, BlockAckSession ba, FrameSource source, PhyMode phy,
                      boolean aggregate, long now) {
        build(ppdu, station, tid, ac, ba, source, phy, aggregate, NO_LIMIT, now);
    }

    /**
     * Builds into {@code ppdu} a PPDU whose exchange — the PPDU, SIFS and its response — lasts at most
     * {@code maxExchangeNs} ({@link #NO_LIMIT} for none): the next PPDU of a TXOP burst. Empty when not even the
     * first frame fits; that frame waits for the next PPDU to the peer, first in line.
     */
    public void build(Ppdu ppdu, int station, int tid, int ac, BlockAckSession ba, FrameSource source, PhyMode phy,
                      boolean aggregate, long maxExchangeNs, long now) {
        boolean aggregating = ampdu && aggregate && phy.aggregates();
        int durationLimit = aggregating ? lengthLimit(phy, maxDurationUs[ac]) : Integer.MAX_VALUE;
        fill(ppdu, station, tid, ac, ba, source, phy, aggregating, durationLimit, maxExchangeNs, now);
    }

    /**
     * Builds into {@code ppdu} for the rates of {@code chain} (rate control filled it): timed at its first series,
     * the A-MPDU limited to what fits in the aggregate duration at the slowest series ({@code ath_lookup_rate}:
     * "Find the lowest frame length among the rate series that will have a 4ms (or TXOP limited) transmit
     * duration"), and a rate-control probe sent alone ("if rate selected is a probe rate then avoid aggregation of
     * this packet").
     */
    public void build(Ppdu ppdu, int station, int tid, int ac, BlockAckSession ba, FrameSource source, RetryChain chain,
                      boolean aggregate, long maxExchangeNs, long now) {
        PhyMode phy = chain.mode(0);
        boolean aggregating = ampdu && aggregate && !chain.probe() && phy.aggregates();
        int durationLimit = Integer.MAX_VALUE;
        if (aggregating) {
            for (int i = 0; i < chain.series(); i++) {
                durationLimit = Math.min(durationLimit, lengthLimit(chain.mode(i), maxDurationUs[ac]));
            }
        }
        fill(ppdu, station, tid, ac, ba, source, phy, aggregating, durationLimit, maxExchangeNs, now);
        ppdu.rts = chain.rts(0);
    }

    private void fill(Ppdu ppdu, int station, int tid, int ac, BlockAckSession ba, FrameSource source, PhyMode phy,
                      boolean aggregating, int durationLimit, long maxExchangeNs, long now) {
        ppdu.reset(station, tid, ac, aggregating);
        int limitFrames = aggregating ? Math.min(maxSubframes, ppdu.capacity()) : 1;
        int limitBytes = aggregating ? Math.min(maxBytes, durationLimit) : Integer.MAX_VALUE;
        boolean bounded = maxExchangeNs != NO_LIMIT;
        if (bounded) {
            long maxPpduNs = maxExchangeNs - Edca.SIFS_NS - ControlFrames.responseNs(phy, aggregating);
            limitBytes = Math.min(limitBytes, phy.maxPsduBytes(maxPpduNs));
        }
        while (ppdu.count() < limitFrames) {
            boolean retry = true;
            Packet p = ba.pollRetry();
            if (p == null) {
                retry = false;
                p = ba.takeParked();
                if (p == null) {
                    if (!ba.windowOpen()) {
                        break;
                    }
                    p = source.take(now);
                    if (p == null) {
                        break;
                    }
                    if (aggregating && amsduSubframes > 1) {
                        joinMsdus(p, source, now);
                    }
                }
            }
            int mpdu = Amsdu.mpduBytes(p);
            int bytes = aggregating ? MacFraming.subframeBytes(mpdu) : mpdu;
            if ((ppdu.count() > 0 || bounded) && ppdu.psduBytes() + bytes > limitBytes) {
                if (retry) {
                    ba.unpollRetry(p);
                } else {
                    ba.park(p);
                }
                break;
            }
            if (!retry) {
                ba.assign(p);
            }
            ppdu.add(p, bytes);
        }
        if (!ppdu.isEmpty()) {
            time(ppdu, phy);
        }
    }

    /**
     * The firmware's A-MSDU: the MSDUs that wait behind {@code head} join it while the count and the MPDU length
     * allow (802.11-2016 Table 9-19: the peer's Maximum MPDU Length). Only where the PPDU is an A-MPDU: the firmware
     * aggregates MSDUs on TIDs with a BlockAck session.
     */
    private void joinMsdus(Packet head, FrameSource source, long now) {
        if (head.amsduMsdus > 1) {
            return; // already an A-MSDU (mac80211's)
        }
        while (true) {
            Packet next = source.peek();
            if (next == null || !Amsdu.fits(head, next.ipBytes, amsduSubframes, amsduMaxMpduBytes)) {
                return;
            }
            Amsdu.append(head, source.take(now));
        }
    }

    /** Times {@code ppdu} at {@code phy}: the PPDU, its response, and RTS/CTS at the control rate that goes with it. */
    public static void time(Ppdu ppdu, PhyMode phy) {
        ppdu.ppduNs = phy.ppduNs(ppdu.psduBytes());
        ppdu.responseNs = ControlFrames.responseNs(phy, ppdu.aggregated);
        ppdu.rtsNs = ControlFrames.rtsNs(phy);
        ppdu.rtsCtsNs = ControlFrames.protectionNs(phy);
    }

    /** The longest A-MPDU that fits in {@code durationUs} at the peer's rate (ath9k's arithmetic for HT). */
    static int lengthLimit(PhyMode phy, int durationUs) {
        if (phy.format() == PhyMode.Format.HT) {
            return Ath9kAggregateLimit.maxFramelen(durationUs, phy.mcs(), phy.channelWidthMhz() == 40,
                    phy.shortGuardInterval());
        }
        return phy.maxPsduBytes(durationUs * 1_000L);
    }
}
