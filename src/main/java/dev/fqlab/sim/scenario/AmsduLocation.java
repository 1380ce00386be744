package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** Where A-MSDUs are built (scenario.md {@code link.amsdu.where}). */
public enum AmsduLocation implements JsonEnum {
    /** mac80211's software A-MSDU, built on an fq flow's tail frame as frames enter the TXQ. */
    MAC80211,
    /** The firmware's A-MSDU (ath10k): MSDUs queued for the same station and TID, joined when the PPDU is built. */
    FIRMWARE
}
