package dev.fqlab.sweep;

import dev.fqlab.web.ApiProblem;
import java.util.UUID;

/** Sweep ids in URLs: a string that is not a UUID names no sweep (404, not 400). */
public final class SweepIds {

    private SweepIds() {
    }

    public static UUID parse(String id) {
        try {
            UUID uuid = UUID.fromString(id);
            if (uuid.toString().equalsIgnoreCase(id)) {
                return uuid;
            }
        } catch (IllegalArgumentException e) {
            // not a UUID: falls through to 404
        }
        throw ApiProblem.notFound("No sweep with id " + id + ".");
    }
}
