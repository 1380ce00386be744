package dev.fqlab.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Something about a sweep's numbers that a reader should know before trusting them.
 *
 * @param type what kind: {@code identical-repetitions}
 * @param combinations the rows it concerns (their {@code combination})
 * @param message what it means, in a sentence or two
 */
public record SweepWarning(String type, List<Integer> combinations, String message) {

    static final String IDENTICAL_REPETITIONS = "identical-repetitions";
    /** How many rows a message names before "…": the combinations list has them all. */
    static final int NAMED_ROWS = 5;

    /** The warnings the rows call for; none when all is well. */
    static List<SweepWarning> of(List<SweepParameter> parameters, List<SweepRow> rows) {
        return of(parameters, rows, rows.stream().filter(SweepRow::repetitionsIdentical).toList());
    }

    /**
     * The same, with the rows whose repetitions are identical found beforehand (from every metric of their results,
     * {@link SweepRow#identicalRepetitions}, when the rows show only some).
     */
    static List<SweepWarning> of(List<SweepParameter> parameters, List<SweepRow> rows, java.util.Set<Integer> identicalRows) {
        return of(parameters, rows, rows.stream().filter(r -> identicalRows.contains(r.combination())).toList());
    }

    private static List<SweepWarning> of(List<SweepParameter> parameters, List<SweepRow> rows, List<SweepRow> identical) {
        if (identical.isEmpty()) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (SweepRow row : identical.subList(0, Math.min(NAMED_ROWS, identical.size()))) {
            names.add(name(parameters, row) + " (" + row.succeeded() + " repetitions)");
        }
        String which = identical.size() == rows.size() ? "In every row (" + identical.size() + ")"
                : "In " + identical.size() + " of " + rows.size() + " rows";
        String message = which + ", all repetitions gave identical results: every metric has one value, so the "
                + "standard deviation and confidence interval of 0 say nothing about how the result varies. The "
                + "scenario does not depend on its seed (no random process reaches these numbers), or the swept "
                + "parameters fix the seed. Repetitions add no information here: run one, or add randomness to the "
                + "scenario. Rows: " + String.join("; ", names) + (identical.size() > NAMED_ROWS ? "; …" : "") + ".";
        return List.of(new SweepWarning(IDENTICAL_REPETITIONS, identical.stream().map(SweepRow::combination).toList(),
                message));
    }

    /** "quantum=q300, /link/rateMbps=10"; "the base scenario" for a sweep without parameters. */
    private static String name(List<SweepParameter> parameters, SweepRow row) {
        if (parameters.isEmpty()) {
            return "the base scenario";
        }
        int[] index = SweepReader.indices(parameters, row.combination());
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            String value = parameters.get(i).display(index[i]);
            // An unlabelled object value (a whole /stack) would fill the message.
            parts.add(parameters.get(i).header() + "=" + (value.length() > 60 ? value.substring(0, 59) + "…" : value));
        }
        return String.join(", ", parts);
    }
}
