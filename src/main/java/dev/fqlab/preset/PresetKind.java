package dev.fqlab.preset;

import com.fasterxml.jackson.annotation.JsonValue;

/** An experiment preset runs one scenario; a sweep preset (with the sweeps API) runs many. */
public enum PresetKind {
    EXPERIMENT("experiment"), SWEEP("sweep");

    private final String json;

    PresetKind(String json) {
        this.json = json;
    }

    @JsonValue
    public String json() {
        return json;
    }

    static PresetKind fromJson(String value) {
        for (PresetKind kind : values()) {
            if (kind.json.equals(value)) {
                return kind;
            }
        }
        return null;
    }
}
