package dev.fqlab.sim.wifi.channel;

/**
 * A station's SNR from its distance to the AP, as ns-3 computes it: the log-distance path loss of
 * {@code LogDistancePropagationLossModel} (src/propagation/model/propagation-loss-model.cc, ns-3.48:
 * L(d) = L0 + 10·n·log10(d / d0), d0 = 1 m, exponent n default 3, and only L0 when d ≤ d0), whose reference loss L0
 * fqlab computes from Friis at d0 and the channel's centre frequency, L0 = 20·log10(4π·d0·f / c) (ns-3's default
 * 46.6777 dB is this at 5.15 GHz); and the noise of {@code InterferenceHelper::CalculateSnr}
 * (src/wifi/model/interference-helper.cc): N = F · k·T·B with k = 1.3803e-23 J/K (ns-3's constant), T = 290 K, B the
 * channel width, F the receiver's noise figure (ns-3's {@code WifiPhy::RxNoiseFigure} default 7 dB) — −173.98 dBm/Hz
 * + 10·log10(B) + F. The transmit power default is ns-3's {@code WifiPhy::TxPowerStart}/{@code TxPowerEnd},
 * 16.0206 dBm (40 mW).
 */
public final class LinkBudget {
    /** ns-3's speed of light (FriisPropagationLossModel), m/s. */
    public static final double SPEED_OF_LIGHT = 299_792_458.0;
    /** ns-3's Boltzmann constant in InterferenceHelper::CalculateSnr, J/K. */
    public static final double BOLTZMANN = 1.3803e-23;
    /** The noise temperature of InterferenceHelper::CalculateSnr, K. */
    public static final double NOISE_TEMPERATURE_K = 290;
    /** ns-3 LogDistancePropagationLossModel::ReferenceDistance, m. */
    public static final double REFERENCE_DISTANCE_M = 1.0;
    /** ns-3 LogDistancePropagationLossModel::Exponent. */
    public static final double DEFAULT_EXPONENT = 3.0;
    /** ns-3 WifiPhy::RxNoiseFigure, dB. */
    public static final double DEFAULT_NOISE_FIGURE_DB = 7.0;
    /** ns-3 WifiPhy::TxPowerStart and TxPowerEnd, dBm. */
    public static final double DEFAULT_TX_POWER_DBM = 16.0206;
    /** 5 GHz channel 36 (802.11-2016 Annex E, Table E-4: 5000 + 5 × 36 MHz). */
    public static final int DEFAULT_FREQUENCY_MHZ = 5180;

    private LinkBudget() {
    }

    /** Friis free-space loss at the reference distance d0 = 1 m, dB. */
    public static double referenceLossDb(double frequencyMhz) {
        double wavelengthM = SPEED_OF_LIGHT / (frequencyMhz * 1e6);
        return 20 * Math.log10(4 * Math.PI * REFERENCE_DISTANCE_M / wavelengthM);
    }

    /** Log-distance path loss at {@code distanceM}, dB. */
    public static double pathLossDb(double distanceM, double exponent, double frequencyMhz) {
        double reference = referenceLossDb(frequencyMhz);
        if (distanceM <= REFERENCE_DISTANCE_M) {
            return reference;
        }
        return reference + 10 * exponent * Math.log10(distanceM / REFERENCE_DISTANCE_M);
    }

    /** The receiver's noise floor over {@code widthMhz}: thermal noise k·T·B plus the noise figure, dBm. */
    public static double noiseFloorDbm(int widthMhz, double noiseFigureDb) {
        double thermalW = BOLTZMANN * NOISE_TEMPERATURE_K * widthMhz * 1e6;
        return 10 * Math.log10(thermalW * 1000) + noiseFigureDb;
    }

    /** Received power minus noise floor, dB. */
    public static double snrDb(double txPowerDbm, double distanceM, double exponent, double frequencyMhz,
                               int widthMhz, double noiseFigureDb) {
        return txPowerDbm - pathLossDb(distanceM, exponent, frequencyMhz) - noiseFloorDbm(widthMhz, noiseFigureDb);
    }
}
