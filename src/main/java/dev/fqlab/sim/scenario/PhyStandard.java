package dev.fqlab.sim.scenario;

/** The 802.11 PHY of a WiFi link (scenario.md {@code link.standard}). */
public enum PhyStandard {
    /** Legacy OFDM, 20 MHz, no aggregation. */
    A("802.11a"),
    /** HT: MCS 0–31 (1–4 streams), 20 or 40 MHz. */
    N("802.11n"),
    /** VHT: MCS 0–9, 1–4 spatial streams, 20/40/80/160 MHz. */
    AC("802.11ac");

    private final String json;

    PhyStandard(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
