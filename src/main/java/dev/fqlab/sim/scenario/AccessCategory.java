package dev.fqlab.sim.scenario;

/** 802.11 access category of a flow; matters on WiFi links only. */
public enum AccessCategory {
    BE, BK, VI, VO
}
