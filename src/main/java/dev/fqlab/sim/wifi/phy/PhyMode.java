package dev.fqlab.sim.wifi.phy;

import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One transmitter's PHY mode toward a peer: 802.11a OFDM (non-HT, 20 MHz), HT-mixed (802.11n) or VHT SU
 * (802.11ac), on a 5 GHz channel, BCC coding, no STBC, and how long a PPDU carrying a given PSDU lasts.
 * All times are nanoseconds; every duration of these PHYs is a whole number of 4 µs symbols plus a preamble
 * of whole microseconds, so they are exact.
 *
 * <p><b>Data bits per symbol.</b> N_DBPS = N_SD × N_BPSCS × R × N_SS, with N_SD data subcarriers (non-HT 48;
 * HT 52 at 20 MHz, 108 at 40 MHz; VHT 52/108/234/468 at 20/40/80/160 MHz) and the modulation/coding of the
 * MCS: 0 BPSK 1/2, 1 QPSK 1/2, 2 QPSK 3/4, 3 16-QAM 1/2, 4 16-QAM 3/4, 5 64-QAM 2/3, 6 64-QAM 3/4,
 * 7 64-QAM 5/6, 8 256-QAM 3/4, 9 256-QAM 5/6 (VHT only). HT MCS m (0–31) is MCS m % 8 on m / 8 + 1 streams
 * (802.11-2016 19.5, Tables 19-27 to 19-41, equal modulation only); VHT MCS 0–9 on 1–4 streams (21.5, Tables
 * 21-30 to 21-61). The data rate is N_DBPS / 4 µs with the 800 ns guard interval and N_DBPS / 3.6 µs with the
 * 400 ns one, so the standard's table values come out exactly (HT20 MCS 7: 260 bits, 65.0 / 72.2 Mbit/s).
 *
 * <p><b>BCC encoders</b> N_ES (tail bits 6 per encoder). Non-HT: 1. HT: 2 when the 800 ns-GI rate exceeds
 * 300 Mbit/s (N_DBPS &gt; 1200: 40 MHz MCS 21–23 and 28–31), else 1, as in 19.5's tables. VHT: the tables
 * 21-30 to 21-61 add an encoder whenever the 800 ns-GI rate passes another 540 Mbit/s (600 Mbit/s at 400 ns,
 * i.e. N_DBPS per encoder ≤ 2160), so N_ES starts at ⌈N_DBPS / 2160⌉; where that split would not give each
 * encoder a whole number of puncturing blocks (N_DBPS/N_ES a multiple of the code rate's numerator and
 * N_CBPS/N_ES of its denominator) the tables use the next N_ES that does. For up to 4 streams this changes
 * exactly one entry, 160 MHz 4 streams MCS 7 (N_DBPS 9360: 6 encoders, not 5); PhyModeTest checks every
 * valid combination against the tables' values.
 *
 * <p><b>PPDU duration</b> (TXTIME; 5 GHz, so no signal extension):
 * <ul>
 *   <li>non-HT, 17.4.3: 20 µs (T_PREAMBLE 16 + T_SIGNAL 4) + 4 µs × ⌈(16 + 8·L + 6) / N_DBPS⌉;</li>
 *   <li>HT-mixed, 19.4.3: L-STF 8 + L-LTF 8 + L-SIG 4 + HT-SIG 8 + HT-STF 4 + 4 µs × N_HTLTF (1, 2, 4, 4 for 1–4
 *       streams) + data, N_SYM = ⌈(16 + 8·L + 6·N_ES) / N_DBPS⌉ (Equation 19-32);</li>
 *   <li>VHT SU, 21.4.3: L-STF 8 + L-LTF 8 + L-SIG 4 + VHT-SIG-A 8 + VHT-STF 4 + 4 µs × N_VHTLTF (1, 2, 4, 4)
 *       + VHT-SIG-B 4 + data, N_SYM as for HT with L = the A-MPDU's length (APEP_LENGTH);</li>
 * </ul>
 * where data is 4 µs × N_SYM with the 800 ns GI and 4 µs × ⌈3.6 µs × N_SYM / 4 µs⌉ with the 400 ns GI (the
 * short-GI symbols are rounded up to whole 4 µs periods).
 *
 * <p><b>Longest PSDU within a duration</b> ({@link #maxPsduBytes}) inverts that formula, capped at the
 * format's aPSDUMaxLength (non-HT 4095, HT 65535, VHT 4692480 octets). ath9k's {@code ath_max_framelen}
 * (kernel-spec §5.1) computes the same 4 ms limit with four differences: HT-LTF time 4 µs per stream (12 µs for
 * 3 streams, where the standard has 4 HT-LTFs, 16 µs), short-GI symbols as ⌊(5·t − 4)/18⌋ (can be one symbol
 * fewer), always 22 bits of SERVICE + tail (N_ES ignored) and a 65532-byte cap. With the long GI, 1, 2 or 4
 * streams and a result below the caps, the two agree.
 */
public final class PhyMode {

    /** The PPDU format. */
    public enum Format {
        /** 802.11a OFDM (non-HT), 17. */
        NON_HT,
        /** 802.11n HT-mixed, 19. */
        HT,
        /** 802.11ac VHT single-user, 21. */
        VHT
    }

    /** T_SYM: one OFDM symbol with the 800 ns guard interval. */
    public static final long SYMBOL_NS = 4_000;
    /** The 802.11a data rates (17.3.2.3, modulation-dependent parameters), Mbit/s. */
    static final double[] LEGACY_RATES_MBPS = {6, 9, 12, 18, 24, 36, 48, 54};
    /** N_DBPS of each 802.11a rate (20 MHz, 48 data subcarriers). */
    private static final int[] LEGACY_DBPS = {24, 36, 48, 72, 96, 144, 192, 216};

    /** The non-HT reference rate of MCS 0–9 (HT uses m % 8). */
    private static final double[] NON_HT_REFERENCE_MBPS = {6, 12, 18, 24, 36, 48, 54, 54, 54, 54};

    /** Bits per subcarrier (N_BPSCS) of MCS 0–9 (HT uses m % 8). */
    private static final int[] BITS_PER_SUBCARRIER = {1, 2, 2, 4, 4, 6, 6, 6, 8, 8};
    /** Code rate R = numerator / denominator of MCS 0–9. */
    private static final int[] RATE_NUM = {1, 1, 3, 1, 3, 2, 3, 5, 3, 5};
    private static final int[] RATE_DEN = {2, 2, 4, 2, 4, 3, 4, 6, 4, 6};

    private static final int SERVICE_BITS = 16;
    private static final int TAIL_BITS = 6;
    /** aPSDUMaxLength per format (the PHY characteristics of 17.4.4, 19.4.4, 21.4.4). */
    private static final int NON_HT_MAX_PSDU = 4095;
    private static final int HT_MAX_PSDU = 65535;
    private static final int VHT_MAX_PSDU = 4_692_480;

    private final Format format;
    private final int mcs;
    private final int spatialStreams;
    private final int channelWidthMhz;
    private final boolean shortGuardInterval;
    private final int dataBitsPerSymbol;
    private final int encoders;
    private final long preambleNs;

    private PhyMode(Format format, int mcs, int spatialStreams, int channelWidthMhz, boolean shortGuardInterval,
                    int dataBitsPerSymbol, int encoders, long preambleNs) {
        this.format = format;
        this.mcs = mcs;
        this.spatialStreams = spatialStreams;
        this.channelWidthMhz = channelWidthMhz;
        this.shortGuardInterval = shortGuardInterval;
        this.dataBitsPerSymbol = dataBitsPerSymbol;
        this.encoders = encoders;
        this.preambleNs = preambleNs;
    }

    /**
     * One instance per mode (a few hundred at most), shared by every station and run that uses it: with 128
     * stations at one MCS each had its own copy, one more cache line per frame the AP dequeues (AQL's airtime
     * estimate) and per PPDU (issue 16). The class is immutable and compared by {@link #equals}, so sharing changes
     * nothing else.
     */
    private static final ConcurrentHashMap<PhyMode, PhyMode> CANONICAL = new ConcurrentHashMap<>();

    private static PhyMode canonical(PhyMode mode) {
        PhyMode known = CANONICAL.putIfAbsent(mode, mode);
        return known != null ? known : mode;
    }

    /** 802.11a OFDM at one of 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s (20 MHz, 800 ns GI). */
    public static PhyMode legacy(double rateMbps) {
        requireValid(PhyValidation.legacyRate(rateMbps));
        int dbps = LEGACY_DBPS[legacyIndex(rateMbps)];
        return canonical(new PhyMode(Format.NON_HT, -1, 1, 20, false, dbps, 1, 20_000));
    }

    /** HT-mixed MCS 0–31 (streams = mcs / 8 + 1) at 20 or 40 MHz. */
    public static PhyMode ht(int mcs, int widthMhz, boolean shortGi) {
        requireValid(PhyValidation.width(PhyStandard.N, widthMhz));
        requireValid(PhyValidation.mcs(PhyStandard.N, mcs, null, widthMhz));
        int streams = mcs / 8 + 1;
        int dbps = dataBits(htSubcarriers(widthMhz), mcs % 8, streams);
        int encoders = dbps > 1200 ? 2 : 1;
        long preamble = 32_000 + SYMBOL_NS * longTrainingFields(streams);
        return canonical(new PhyMode(Format.HT, mcs, streams, widthMhz, shortGi, dbps, encoders, preamble));
    }

    /** VHT SU MCS 0–9 on 1–4 streams at 20, 40, 80 or 160 MHz, except the combinations 21.5 excludes. */
    public static PhyMode vht(int mcs, int nss, int widthMhz, boolean shortGi) {
        requireValid(PhyValidation.width(PhyStandard.AC, widthMhz));
        requireValid(PhyValidation.spatialStreams(PhyStandard.AC, mcs, nss));
        requireValid(PhyValidation.mcs(PhyStandard.AC, mcs, nss, widthMhz));
        int subcarriers = vhtSubcarriers(widthMhz);
        int dbps = dataBits(subcarriers, mcs, nss);
        int codedBits = subcarriers * BITS_PER_SUBCARRIER[mcs] * nss;
        int encoders = vhtEncoders(dbps, codedBits, mcs);
        long preamble = 36_000 + SYMBOL_NS * longTrainingFields(nss);
        return canonical(new PhyMode(Format.VHT, mcs, nss, widthMhz, shortGi, dbps, encoders, preamble));
    }

    /**
     * The mode of {@code station} on {@code link}, as the parser normalized them: 802.11a uses the station's
     * legacy rate (the link's when it has none), 802.11n its MCS, 802.11ac its MCS and streams (1 if unset); width
     * and guard interval are the link's. The AP uses the same mode toward the station.
     */
    public static PhyMode of(WifiLinkSpec link, StationSpec station) {
        return switch (link.standard()) {
            case A -> legacy(station.legacyRateMbps() != null ? station.legacyRateMbps() : link.legacyRateMbps());
            case N -> ht(requireMcs(station), link.channelWidthMhz(), link.shortGuardInterval());
            case AC -> vht(requireMcs(station), station.spatialStreams() == null ? 1 : station.spatialStreams(),
                    link.channelWidthMhz(), link.shortGuardInterval());
        };
    }

    private static int requireMcs(StationSpec station) {
        if (station.mcs() == null) {
            throw new IllegalArgumentException("station " + station.name() + " has no MCS");
        }
        return station.mcs();
    }

    // ---- properties

    public Format format() {
        return format;
    }

    /** The MCS index (HT 0–31, VHT 0–9); −1 for 802.11a. */
    public int mcs() {
        return mcs;
    }

    public int spatialStreams() {
        return spatialStreams;
    }

    public int channelWidthMhz() {
        return channelWidthMhz;
    }

    public boolean shortGuardInterval() {
        return shortGuardInterval;
    }

    /** N_DBPS: data bits per OFDM symbol, all streams together. */
    public int dataBitsPerSymbol() {
        return dataBitsPerSymbol;
    }

    /** N_ES: BCC encoders (each adds 6 tail bits to a PPDU). */
    public int bccEncoders() {
        return encoders;
    }

    /** The PHY data rate in Mbit/s: N_DBPS per 4 µs symbol, or per 3.6 µs with the short guard interval. */
    public double dataRateMbps() {
        return shortGuardInterval ? dataBitsPerSymbol * 10.0 / 36 : dataBitsPerSymbol / 4.0;
    }

    /**
     * The non-HT reference rate (IEEE 802.11-2016 10.6.6.5.2, Tables 19-27 ff. and 21-29 ff.): the 802.11a rate of
     * the same modulation and coding — BPSK 1/2 6, QPSK 1/2 12, QPSK 3/4 18, 16-QAM 1/2 24, 16-QAM 3/4 36,
     * 64-QAM 2/3 48, 64-QAM 3/4 and 5/6 and 256-QAM 54 Mbit/s; an 802.11a mode's own rate. It chooses the rate
     * of the control response (ControlFrames).
     */
    public double nonHtReferenceRateMbps() {
        return format == Format.NON_HT ? dataRateMbps() : NON_HT_REFERENCE_MBPS[format == Format.HT ? mcs % 8 : mcs];
    }

    /** Whether this mode can carry an A-MPDU: false for 802.11a; VHT always sends one. */
    public boolean aggregates() {
        return format != Format.NON_HT;
    }

    /** Everything before the Data field: the legacy preamble and SIGNAL, and for HT/VHT their own fields. */
    public long preambleNs() {
        return preambleNs;
    }

    /** aPSDUMaxLength of this format: 4095 (non-HT), 65535 (HT), 4692480 (VHT) octets. */
    public int psduLimitBytes() {
        return switch (format) {
            case NON_HT -> NON_HT_MAX_PSDU;
            case HT -> HT_MAX_PSDU;
            case VHT -> VHT_MAX_PSDU;
        };
    }

    // ---- durations

    /**
     * TXTIME in nanoseconds of one PPDU carrying {@code psduBytes}: one MPDU, or an A-MPDU's whole length
     * (delimiters and padding included; for VHT the A-MPDU length before end-of-frame padding, APEP_LENGTH —
     * a VHT PPDU always carries an A-MPDU, even for one MPDU). Lengths above {@link #psduLimitBytes()} are not
     * refused: the formula is applied as it stands, and limiting aggregates is the caller's job.
     */
    public long ppduNs(int psduBytes) {
        if (psduBytes < 0) {
            throw new IllegalArgumentException("negative PSDU length " + psduBytes);
        }
        long bits = SERVICE_BITS + 8L * psduBytes + (long) TAIL_BITS * encoders;
        long symbols = ceilDiv(bits, dataBitsPerSymbol);
        return preambleNs + dataNs(symbols);
    }

    /** The Data field of {@code symbols} OFDM symbols: short-GI symbols are rounded up to whole 4 µs periods. */
    private long dataNs(long symbols) {
        return SYMBOL_NS * (shortGuardInterval ? ceilDiv(9 * symbols, 10) : symbols);
    }

    /**
     * The longest PSDU, in bytes, whose PPDU lasts at most {@code maxDurationNs} (the A-MPDU duration limit, e.g.
     * ath9k's 4 ms), capped at {@link #psduLimitBytes()}; 0 when not even one byte fits.
     */
    public int maxPsduBytes(long maxDurationNs) {
        long available = maxDurationNs - preambleNs;
        if (available < SYMBOL_NS) {
            return 0;
        }
        long periods = available / SYMBOL_NS;
        // short GI: 4 µs × ⌈0.9·N⌉ ≤ 4 µs × periods  ⇔  9·N ≤ 10·periods
        long symbols = shortGuardInterval ? 10 * periods / 9 : periods;
        long bits = symbols * dataBitsPerSymbol - SERVICE_BITS - (long) TAIL_BITS * encoders;
        return (int) Math.max(0, Math.min(bits / 8, psduLimitBytes()));
    }

    // ---- tables

    private static int legacyIndex(double rateMbps) {
        for (int i = 0; i < LEGACY_RATES_MBPS.length; i++) {
            if (LEGACY_RATES_MBPS[i] == rateMbps) {
                return i;
            }
        }
        return -1;
    }

    static boolean isLegacyRate(double rateMbps) {
        return legacyIndex(rateMbps) >= 0;
    }

    static int htSubcarriers(int widthMhz) {
        return widthMhz == 40 ? 108 : 52;
    }

    static int vhtSubcarriers(int widthMhz) {
        return switch (widthMhz) {
            case 20 -> 52;
            case 40 -> 108;
            case 80 -> 234;
            case 160 -> 468;
            default -> throw new IllegalArgumentException("width " + widthMhz);
        };
    }

    /**
     * N_DBPS = N_SD × N_BPSCS × R × N_SS (VHT20 MCS 9 is whole only for 3 streams: 52 × 8 × 5/6 × 3 = 1040; the
     * validation has refused the other stream counts).
     */
    private static int dataBits(int subcarriers, int mcs, int streams) {
        int coded = subcarriers * BITS_PER_SUBCARRIER[mcs] * streams;
        if (coded * RATE_NUM[mcs] % RATE_DEN[mcs] != 0) {
            throw new IllegalStateException("N_DBPS not whole for MCS " + mcs + " on " + streams + " streams");
        }
        return coded * RATE_NUM[mcs] / RATE_DEN[mcs];
    }

    /** N_HTLTF (19.3) and N_VHTLTF (21.3) for 1–4 space-time streams without STBC: 1, 2, 4, 4. */
    private static int longTrainingFields(int streams) {
        return streams <= 2 ? streams : 4;
    }

    /** VHT N_ES: the first count from ⌈N_DBPS / 2160⌉ up that splits the bits into whole puncturing blocks. */
    private static int vhtEncoders(int dataBits, int codedBits, int mcs) {
        int encoders = (int) ceilDiv(dataBits, 2160);
        while (!(dataBits % encoders == 0 && dataBits / encoders % RATE_NUM[mcs] == 0
                && codedBits % encoders == 0 && codedBits / encoders % RATE_DEN[mcs] == 0)) {
            encoders++;
        }
        return encoders;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static void requireValid(String problem) {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    // ---- value semantics

    @Override
    public boolean equals(Object other) {
        return other instanceof PhyMode that && format == that.format && mcs == that.mcs
                && spatialStreams == that.spatialStreams && channelWidthMhz == that.channelWidthMhz
                && shortGuardInterval == that.shortGuardInterval && dataBitsPerSymbol == that.dataBitsPerSymbol;
    }

    @Override
    public int hashCode() {
        return Objects.hash(format, mcs, spatialStreams, channelWidthMhz, shortGuardInterval, dataBitsPerSymbol);
    }

    /** E.g. {@code HT MCS 15 (2 streams) 40 MHz SGI, 300 Mbit/s}, {@code 802.11a 54 Mbit/s}. */
    @Override
    public String toString() {
        String rate = BigDecimal.valueOf(dataRateMbps()).setScale(1, RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
        return switch (format) {
            case NON_HT -> "802.11a " + rate + " Mbit/s";
            case HT, VHT -> format + " MCS " + mcs + " (" + spatialStreams
                    + (spatialStreams == 1 ? " stream) " : " streams) ") + channelWidthMhz + " MHz "
                    + (shortGuardInterval ? "SGI" : "LGI") + ", " + rate + " Mbit/s";
        };
    }
}
