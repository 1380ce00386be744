package dev.fqlab.sim.scenario;

import static dev.fqlab.sim.scenario.schema.Field.enumeration;
import static dev.fqlab.sim.scenario.schema.Field.integer;

import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Scope;
import java.util.List;

/**
 * A-MSDU aggregation of the AP's downlink (scenario.md {@code link.amsdu}; IEEE 802.11-2016 9.3.2.2, 10.11): several
 * MSDUs for the same station and TID in one MPDU, which then has one MAC header, one FCS, one sequence number, one
 * BlockAck bit and is delivered or lost whole. Only where the TID aggregates (A-MPDU on, not VO, not 802.11a).
 *
 * <p>The radio's default when {@code maxSubframes} / {@code where} are absent ({@link #resolvedMaxSubframes}): a
 * firmware driver ({@code per-wake}, {@code drain-all}, {@code budget}, {@code pull}: ath10k) aggregates 3 MSDUs in
 * the firmware, {@code ATH10K_HTT_MAX_NUM_AMSDU_DEFAULT} (drivers/net/wireless/ath/ath10k/htt.h, Linux 6.6) which
 * {@code ath10k_core_init_firmware_features} sets as {@code ar->htt.max_num_amsdu}; ath9k ({@code aggregate}) has no
 * A-MSDU: mac80211 builds A-MSDUs only for drivers that set {@code TX_AMSDU} ({@code ieee80211_amsdu_aggregate},
 * net/mac80211/tx.c, Linux 6.6), and ath9k does not.
 *
 * @param maxSubframes MSDUs per A-MSDU (1: off); null: the radio's default
 * @param where mac80211 or firmware; null: the radio's default
 * @param maxMpduBytes the peer's VHT Maximum MPDU Length (802.11-2016 9.4.2.158.2, Table 9-19): 3895, 7991, 11454
 */
public record AmsduSpec(Integer maxSubframes, AmsduLocation where, int maxMpduBytes) {

    /** ath10k's firmware A-MSDU default ({@code ATH10K_HTT_MAX_NUM_AMSDU_DEFAULT}). */
    public static final int ATH10K_DEFAULT_SUBFRAMES = 3;
    /** 802.11-2016 Table 9-19: an HT STA's Maximum A-MSDU Length when its HT Capabilities bit is 0 (the default). */
    public static final int HT_MAX_AMSDU_BYTES = 3839;
    static final List<String> VHT_MPDU_LENGTHS = List.of("3895", "7991", "11454");

    public static final RecordSchema<AmsduSpec> SCHEMA = RecordSchema.of(AmsduSpec.class, "Amsdu",
            "A-MSDU aggregation of the AP's downlink: several MSDUs in one MPDU (one header, one FCS, one sequence "
                    + "number; delivered or lost whole), only on TIDs that aggregate (A-MPDU on, not VO, not 802.11a).",
            integer("maxSubframes").optional().range(IntRange.of(1, 64)).check(AmsduSpec::possible)
                    .help("MSDUs per A-MSDU; 1 = off. Absent: the radio's default — 3 in the firmware with a firmware "
                            + "driver (per-wake, drain-all, budget, pull: ath10k's ATH10K_HTT_MAX_NUM_AMSDU_DEFAULT), "
                            + "1 with aggregate (ath9k: mac80211 builds A-MSDUs only for drivers with TX_AMSDU). "
                            + "Also bounded by the MPDU length limit."),
            enumeration("where", AmsduLocation.class).optional()
                    .help("mac80211: software A-MSDU in the TXQs (ieee80211_amsdu_aggregate: appended to the fq "
                            + "flow's tail frame as frames arrive; one skb, one AQL estimate). firmware: ath10k's "
                            + "firmware joins MSDUs of the same station and TID when it builds the PPDU (the host "
                            + "moves and counts MSDUs); only with a firmware driver (ath9k has no firmware). mac80211 "
                            + "needs TXQs. Absent: firmware with a firmware driver, else mac80211."),
            integer("maxMpduBytes").defaultValue(11454)
                    .allowed(AmsduSpec::vhtLength, VHT_MPDU_LENGTHS).unit("bytes")
                    .help("The station's VHT Maximum MPDU Length (802.11-2016 Table 9-19): 3895, 7991 or 11454 "
                            + "(802.11ac). On 802.11n the A-MSDU is at most the HT default Maximum A-MSDU Length, "
                            + "3839 bytes."));

    /** MSDUs per A-MSDU with the radio's default filled in: 1 where A-MSDU is off. */
    public int resolvedMaxSubframes(DequeueStrategy dequeue, PhyStandard standard) {
        if (standard == PhyStandard.A) {
            return 1;
        }
        if (maxSubframes != null) {
            return maxSubframes;
        }
        return firmwareDriver(dequeue) ? ATH10K_DEFAULT_SUBFRAMES : 1;
    }

    /** Where A-MSDUs are built, with the radio's default filled in. */
    public AmsduLocation resolvedWhere(DequeueStrategy dequeue) {
        if (where != null) {
            return where;
        }
        return firmwareDriver(dequeue) ? AmsduLocation.FIRMWARE : AmsduLocation.MAC80211;
    }

    /** The longest MPDU an A-MSDU may make: the VHT limit, or on HT the 3839-byte A-MSDU plus header and FCS. */
    public int mpduLimitBytes(PhyStandard standard) {
        return standard == PhyStandard.AC ? maxMpduBytes
                : 26 + HT_MAX_AMSDU_BYTES + 4;
    }

    static boolean firmwareDriver(DequeueStrategy dequeue) {
        return dequeue != null && dequeue != DequeueStrategy.AGGREGATE;
    }

    private static String vhtLength(Scope scope, Long value) {
        return value != null && (value == 3895 || value == 7991 || value == 11454) ? null
                : "must be 3895, 7991 or 11454 (802.11-2016 Table 9-19, VHT Maximum MPDU Length)";
    }

    private static String possible(Scope amsdu, Long maxSubframes) {
        Scope link = amsdu.parent();
        return maxSubframes != null && maxSubframes > 1 && link != null
                && link.value("standard", PhyStandard.class) == PhyStandard.A
                ? "must be 1 on 802.11a: A-MSDU in an A-MPDU is an HT/VHT feature" : null;
    }
}
