package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** 802.11 access category of a flow (IEEE 802.11-2016 10.2.4.2, EDCA); matters on WiFi links only. */
public enum AccessCategory implements JsonEnum {
    BE, BK, VI, VO;

    /** Written as the standard writes them: "BE", "BK", "VI", "VO". */
    @Override
    public String json() {
        return name();
    }
}
