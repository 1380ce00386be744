package dev.fqlab.sim.wifi.mac;

/**
 * ath9k's A-MPDU length limit, drivers/net/wireless/ath/ath9k/xmit.c (Linux 6.10, read in the greearb/linux-ct-6.10
 * tree: {@code ath_update_max_aggr_framelen}, {@code ath_max_framelen}, {@code ath_lookup_rate},
 * {@code ath_tx_form_aggr}; kernel-spec §5.1), in the kernel's integer arithmetic.
 *
 * <p>{@code ath_update_max_aggr_framelen(sc, queue, txop)} runs whenever an AC's EDCA parameters change; "4ms is the
 * default (and maximum) duration": {@code if (!txop || txop > 4096) txop = 4096;} — so the cap is 4096 µs, not
 * 4000, for BE and BK (TXOP limit 0) and the AC's TXOP limit for VI (3008 µs) and VO (1504 µs). For every HT MCS it
 * stores {@code ath_max_framelen(txop, mcs, ht40, sgi)}:
 * <pre>
 *   usec   -= L_STF + L_LTF + L_SIG + HT_SIG + HT_STF + HT_LTF(streams)    // 8 + 8 + 4 + 8 + 4 + 4·streams
 *   symbols = sgi ? (usec * 5 - 4) / 18 : usec >> 2                        // TIME_SYMBOLS(_HALFGI)
 *   bits    = symbols * bits_per_symbol[mcs % 8][ht40] * streams - 22      // OFDM_PLCP_BITS
 *   bytes   = min(bits / 8, 65532)
 * </pre>
 * and {@code ath_lookup_rate} limits an aggregate to {@code min(that, ATH_AMPDU_LIMIT_MAX = 65535)} bytes (and the
 * peer's advertised maximum). {@code ath_tx_form_aggr} then adds subframes while {@code al + bpad + al_delta} does
 * not exceed the limit, {@code al_delta} being the 4-byte delimiter plus the frame. Where this differs from the
 * standard's TXTIME inverted ({@link dev.fqlab.sim.wifi.phy.PhyMode#maxPsduBytes}): 3 streams count 12 µs of HT-LTF
 * (the standard sends 4 HT-LTFs, 16 µs), short-GI symbols are rounded down once more, and the 6 tail bits per BCC
 * encoder are always 6.
 */
public final class Ath9kAggregateLimit {
    /** {@code ath_update_max_aggr_framelen}: the default and largest aggregate duration, µs. */
    public static final int MAX_DURATION_US = 4096;
    /** {@code ath_max_framelen}'s cap, bytes. */
    static final int MAX_FRAMELEN = 65532;
    /** {@code OFDM_PLCP_BITS}: SERVICE (16) and tail (6) bits. */
    private static final int OFDM_PLCP_BITS = 22;
    /** xmit.c's {@code bits_per_symbol[mcs % 8][ht40]}: 20 MHz, then 40 MHz. */
    private static final int[][] BITS_PER_SYMBOL = {
        {26, 54}, {52, 108}, {78, 162}, {104, 216}, {156, 324}, {208, 432}, {234, 486}, {260, 540}};

    private Ath9kAggregateLimit() {
    }

    /** {@code if (!txop || txop > 4096) txop = 4096;} — {@code txopUs} 0 means no TXOP limit. */
    public static int durationUs(int txopUs) {
        return txopUs == 0 || txopUs > MAX_DURATION_US ? MAX_DURATION_US : txopUs;
    }

    /**
     * {@code ath_max_framelen(usec, mcs, ht40, sgi)} for HT MCS 0–31 (streams = mcs / 8 + 1); 0 when {@code usec}
     * does not even cover the preamble (the kernel never asks for that: its shortest TXOP is VO's 1504 µs).
     */
    public static int maxFramelen(int usec, int mcs, boolean ht40, boolean sgi) {
        int streams = ((mcs & 0x78) >> 3) + 1; // HT_RC_2_STREAMS
        usec -= 8 + 8 + 4 + 8 + 4 + 4 * streams;
        int symbols = sgi ? (usec * 5 - 4) / 18 : usec >> 2;
        int bits = symbols * BITS_PER_SYMBOL[mcs % 8][ht40 ? 1 : 0] * streams;
        bits -= OFDM_PLCP_BITS;
        int bytes = bits / 8;
        return Math.max(0, Math.min(bytes, MAX_FRAMELEN));
    }
}
