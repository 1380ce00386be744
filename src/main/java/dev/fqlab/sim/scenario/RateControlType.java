package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How a station's and the AP's PHY rate toward it is chosen (scenario.md {@code stations[].rateControl}). */
public enum RateControlType implements JsonEnum {
    /** One rate, the station's {@code mcs} (or {@code legacyRateMbps}); one try per PPDU, software retries only. */
    FIXED("fixed"),
    /** mac80211's Minstrel-HT (rc80211_minstrel_ht.c) with ath9k's four-series retry chain. */
    MINSTREL_HT("minstrel_ht");

    private final String json;

    RateControlType(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
