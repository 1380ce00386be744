package dev.fqlab.experiment;

import dev.fqlab.web.ApiProblem;
import java.util.UUID;

/** Experiment ids in URLs: a string that is not a UUID names no experiment (404, not 400). */
public final class ExperimentIds {

    private ExperimentIds() {
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
        throw ApiProblem.notFound("No experiment with id " + id + ".");
    }
}
