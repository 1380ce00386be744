package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** The 802.11 PHY of a WiFi link (scenario.md {@code link.standard}). */
public enum PhyStandard implements JsonEnum {
    /** Legacy OFDM (IEEE 802.11-2016 clause 17), 20 MHz, no aggregation. */
    A("802.11a"),
    /** HT (clause 19): MCS 0–31 on 1–4 streams, 20 or 40 MHz. */
    N("802.11n"),
    /** VHT (clause 21): MCS 0–9 on 1–4 spatial streams, 20/40/80/160 MHz. */
    AC("802.11ac");

    private final String json;

    PhyStandard(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
