package dev.fqlab.validation;

/**
 * Saturation throughput of n 802.11a stations in basic access, G. Bianchi, "Performance analysis of the IEEE 802.11
 * distributed coordination function", IEEE JSAC 18(3), 2000 (eq. 13), with the retry limit of H. Wu et al., IEEE
 * INFOCOM 2002; timings of IEEE 802.11-2016 17.3.2.4 and 17.4.4 (OFDM TXTIME), 10.3.2 (SIFS, AIFS[BE] = 3 slots +
 * SIFS for QoS stations) and 10.3.2.11 (the Ack at the highest basic rate not above the data rate). A collision costs
 * the PPDU, AckTimeout (SIFS + slot + aRxPHYStartDelay 25 µs) and AIFS: the colliders' view.
 */
public final class Dcf {

    static final double SLOT_US = 9;
    static final double SIFS_US = 16;
    static final double AIFS_BE_US = 43;
    static final double ACK_TIMEOUT_US = 16 + 9 + 25;
    /** A 1500-byte IP packet: 26-byte QoS data header, 8 LLC/SNAP, 4 FCS. */
    public static final int MPDU_BYTES = 1538;
    /** UDP payload of a 1500-byte IP packet. */
    public static final int PAYLOAD_BYTES = 1472;
    static final int CW_MIN = 15;
    static final int DOUBLINGS = 6;
    static final int TRANSMISSIONS = 10;

    private Dcf() {
    }

    /** TXTIME of an 802.11a PPDU of {@code bytes} at {@code rateMbps}: 20 µs + 4 µs × ⌈(16 + 8L + 6) / N_DBPS⌉. */
    public static double ofdmUs(double rateMbps, int bytes) {
        return 20 + 4 * Math.ceil((16 + 8.0 * bytes + 6) / (4 * rateMbps));
    }

    /** The Ack's rate: the highest basic rate (6, 12, 24 Mbit/s) not above the data rate. */
    public static double ackRateMbps(double rateMbps) {
        return rateMbps >= 24 ? 24 : rateMbps >= 12 ? 12 : 6;
    }

    /** Bianchi's model in basic access for n saturated stations at {@code rateMbps}, Mbit/s of UDP payload. */
    public static double basicAccessMbps(double rateMbps, int n) {
        double data = ofdmUs(rateMbps, MPDU_BYTES);
        double ts = data + SIFS_US + ofdmUs(ackRateMbps(rateMbps), 14) + AIFS_BE_US;
        double tc = data + ACK_TIMEOUT_US + AIFS_BE_US;
        return throughputMbps(n, PAYLOAD_BYTES * 8.0, ts, tc);
    }

    /** With RTS/CTS (RTS 20 bytes, CTS 14, at the Ack's rate): a collision costs an RTS, CTSTimeout and AIFS. */
    public static double rtsCtsMbps(double rateMbps, int n) {
        double rts = ofdmUs(ackRateMbps(rateMbps), 20);
        double cts = ofdmUs(ackRateMbps(rateMbps), 14);
        double ts = rts + SIFS_US + cts + SIFS_US + ofdmUs(rateMbps, MPDU_BYTES) + SIFS_US + cts + AIFS_BE_US;
        double tc = rts + ACK_TIMEOUT_US + AIFS_BE_US;
        return throughputMbps(n, PAYLOAD_BYTES * 8.0, ts, tc);
    }

    /** Bianchi's eq. 13 in Mbit/s for the default backoff and retry limit, times in µs. */
    public static double throughputMbps(int n, double payloadBits, double tsUs, double tcUs) {
        double tau = fixedPoint(n, CW_MIN + 1, DOUBLINGS, TRANSMISSIONS)[0];
        double ptr = 1 - Math.pow(1 - tau, n);
        double ps = n * tau * Math.pow(1 - tau, n - 1) / ptr;
        return ps * ptr * payloadBits / ((1 - ptr) * SLOT_US + ptr * ps * tsUs + ptr * (1 - ps) * tcUs);
    }

    /**
     * The fixed point {τ, p} of τ = τ(p), p = 1 − (1 − τ)^(n−1), by bisection, for a first window {@code w}, the
     * window doubling {@code doublings} times, and a frame dropped after {@code transmissions} (a large number gives
     * Bianchi's chain without a retry limit, eq. 7).
     */
    public static double[] fixedPoint(int n, int w, int doublings, int transmissions) {
        double lo = 0;
        double hi = 1;
        for (int iteration = 0; iteration < 200; iteration++) {
            double tau = (lo + hi) / 2;
            if (tau > tauOf(1 - Math.pow(1 - tau, n - 1), w, doublings, transmissions)) {
                hi = tau;
            } else {
                lo = tau;
            }
        }
        double tau = (lo + hi) / 2;
        return new double[] {tau, 1 - Math.pow(1 - tau, n - 1)};
    }

    /** τ(p) = Σ p^i / Σ p^i (W_i + 1)/2 over the stages i = 0 … transmissions − 1, W_i = min(2^i, 2^doublings) × w. */
    private static double tauOf(double p, int w, int doublings, int transmissions) {
        double visits = 0;
        double slots = 0;
        double pi = 1;
        for (int i = 0; i < transmissions; i++) {
            double wi = Math.pow(2, Math.min(i, doublings)) * w;
            visits += pi;
            slots += pi * (wi + 1) / 2;
            pi *= p;
        }
        return visits / slots;
    }
}
