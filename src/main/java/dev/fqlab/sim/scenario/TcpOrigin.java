package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/**
 * Where the server end of a TCP flow runs (scenario.md {@code origin}). {@code remote}: on the server
 * {@code wiredRttMs/2} behind the AP or router. {@code local}: on the AP or router itself, so a down flow's
 * segments enter the AP's stack directly and TCP Small Queues limits them (seed 002); an up flow then ends at
 * the AP.
 */
public enum TcpOrigin implements JsonEnum {
    REMOTE, LOCAL
}
