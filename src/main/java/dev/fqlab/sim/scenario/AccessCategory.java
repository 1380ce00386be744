package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** 802.11 access category of a flow (IEEE 802.11-2016 10.2.4.2, EDCA); matters on WiFi links only. */
public enum AccessCategory implements JsonEnum {
    BE("best effort"), BK("background"), VI("video"), VO("voice");

    private final String doc;

    AccessCategory(String doc) {
        this.doc = doc;
    }

    @Override
    public String json() {
        return name();
    }

    @Override
    public String doc() {
        return doc;
    }
}
