package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** The 802.11 PHY of a WiFi link (scenario.md {@code link.standard}). */
public enum PhyStandard implements JsonEnum {
    A("802.11a", "legacy OFDM (IEEE 802.11-2016 clause 17), 20 MHz, no aggregation"),
    N("802.11n", "HT (clause 19): MCS 0–31 on 1–4 streams, 20 or 40 MHz"),
    AC("802.11ac", "VHT (clause 21): MCS 0–9 on 1–4 spatial streams, 20/40/80/160 MHz");

    private final String json;
    private final String doc;

    PhyStandard(String json, String doc) {
        this.json = json;
        this.doc = doc;
    }

    @Override
    public String json() {
        return json;
    }

    @Override
    public String doc() {
        return doc;
    }
}
