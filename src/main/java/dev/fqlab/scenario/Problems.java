package dev.fqlab.scenario;

import java.util.ArrayList;
import java.util.List;

/** Collects every problem found in one document; parsing goes on after each so all are reported at once. */
final class Problems {

    private final List<FieldError> errors = new ArrayList<>();

    void add(String pointer, String message) {
        errors.add(new FieldError(pointer, message));
    }

    /** How many problems so far: a parser compares it before and after a part to know whether that part was valid. */
    int count() {
        return errors.size();
    }

    List<FieldError> list() {
        return List.copyOf(errors);
    }
}
