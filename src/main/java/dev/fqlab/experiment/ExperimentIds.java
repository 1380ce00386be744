package dev.fqlab.experiment;

import dev.fqlab.web.PathIds;
import java.util.UUID;

/** Experiment ids in URLs: a string that is not a UUID names no experiment (404, not 400). */
public final class ExperimentIds {

    private ExperimentIds() {
    }

    public static UUID parse(String id) {
        return PathIds.parse(id, "experiment");
    }
}
