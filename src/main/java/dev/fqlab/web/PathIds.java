package dev.fqlab.web;

import java.util.UUID;

/** Ids in URLs: a string that is not a UUID in canonical form names nothing (404, not 400). */
public final class PathIds {

    private PathIds() {
    }

    /** The UUID {@code id} spells; else a 404 "No {@code what} with id …". */
    public static UUID parse(String id, String what) {
        try {
            UUID uuid = UUID.fromString(id);
            if (uuid.toString().equalsIgnoreCase(id)) {
                return uuid;
            }
        } catch (IllegalArgumentException e) {
            // not a UUID: falls through to 404
        }
        throw ApiProblem.notFound("No " + what + " with id " + id + ".");
    }
}
