package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** Flow direction: {@code down} is server (or AP) → receiver, {@code up} the reverse. */
public enum Direction implements JsonEnum {
    DOWN("down", "server (or AP) → receiver"),
    UP("up", "receiver → server (or AP)");

    private final String json;
    private final String doc;

    Direction(String json, String doc) {
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
