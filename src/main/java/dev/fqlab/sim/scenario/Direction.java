package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** Flow direction: {@code down} is server (or AP) → receiver, {@code up} the reverse. */
public enum Direction implements JsonEnum {
    DOWN, UP
}
