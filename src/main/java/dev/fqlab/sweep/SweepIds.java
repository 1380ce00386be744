package dev.fqlab.sweep;

import dev.fqlab.web.PathIds;
import java.util.UUID;

/** Sweep ids in URLs: a string that is not a UUID names no sweep (404, not 400). */
public final class SweepIds {

    private SweepIds() {
    }

    public static UUID parse(String id) {
        return PathIds.parse(id, "sweep");
    }
}
