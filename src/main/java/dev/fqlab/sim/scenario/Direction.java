package dev.fqlab.sim.scenario;

/** Flow direction: {@code down} is server (or AP) → receiver, {@code up} the reverse. */
public enum Direction {
    DOWN("down"), UP("up");

    private final String json;

    Direction(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
