package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** Where the server end of a TCP flow runs (scenario.md {@code origin}). */
public enum TcpOrigin implements JsonEnum {
    REMOTE("remote", "on the server wiredRttMs/2 behind the AP or router"),
    LOCAL("local", "on the AP or router itself: a down flow's segments enter its stack directly and TCP Small Queues "
            + "limits them (seed 002); an up flow ends there");

    private final String json;
    private final String doc;

    TcpOrigin(String json, String doc) {
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
