package dev.fqlab.experiment;

/** Where an experiment is in its life (api.md): QUEUED → RUNNING → one of the three final states. */
public enum ExperimentStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
