package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.JsonEnum;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Variants;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario reference, derived from the field declarations: one section per object (a variant such as the
 * fq_codel qdisc is its own section), one row per field with its type, default, accepted values, unit and meaning.
 * The service serves it ({@code GET /api/v1/reference/scenario}, HTML and Markdown), and the OpenAPI schema is built
 * from the same rows ({@link ScenarioOpenApi}).
 */
public final class ScenarioReference {

    /** One field as the reference shows it; {@code appliesTo} lists the variants of a union (OpenAPI). */
    public record Row(String name, String type, String defaultText, String values, String unit, String where,
                      String help, boolean required, Field field) {
    }

    /**
     * One object: a plain record, or one variant of a family ({@code family} names it, e.g. "Qdisc", and
     * {@code typeName} its type). {@code anchor} is its id in the reference.
     */
    public record Section(String title, String anchor, String family, String typeName, String summary,
                          List<Row> rows, RecordSchema<?> schema) {
    }

    private ScenarioReference() {
    }

    /** Every section, the scenario's root first, nested objects in the order they appear. */
    public static List<Section> sections() {
        Map<String, Section> sections = new LinkedHashMap<>();
        collect(Scenario.SCHEMA, null, sections);
        return List.copyOf(sections.values());
    }

    private static void collect(RecordSchema<?> schema, Variants<?> family, Map<String, Section> sections) {
        String title = family == null ? schema.title() : family.title() + " " + schema.typeName();
        if (sections.containsKey(title)) {
            return;
        }
        List<Row> rows = new ArrayList<>();
        List<Runnable> nested = new ArrayList<>();
        rows(schema, rows, nested, sections);
        sections.put(title, new Section(title, anchor(title), family == null ? null : family.title(),
                schema.typeName(), schema.summary(), List.copyOf(rows), schema));
        nested.forEach(Runnable::run);
    }

    private static void rows(RecordSchema<?> schema, List<Row> rows, List<Runnable> nested,
            Map<String, Section> sections) {
        if (schema.typeName() != null) {
            rows.add(new Row("type", "string", null, '"' + schema.typeName() + '"', null, null,
                    "Selects this variant.", true, null));
        }
        for (Field field : schema.fields()) {
            switch (field.kind()) {
                case FLAT -> rows(field.schema(), rows, nested, sections);
                case FORBIDDEN -> {
                }
                case INLINE -> field.variants().schemas().forEach(v -> nested.add(() -> collect(v, field.variants(),
                        sections)));
                case OBJECT, ARRAY -> {
                    rows.add(row(field));
                    nested.add(() -> collect(field.schema(), null, sections));
                }
                case VARIANT -> {
                    rows.add(row(field));
                    field.variants().schemas().forEach(v -> nested.add(() -> collect(v, field.variants(), sections)));
                }
                default -> rows.add(row(field));
            }
        }
    }

    private static Row row(Field field) {
        boolean required = field.presence() == Field.Presence.REQUIRED && field.condition() == null;
        return new Row(field.name(), type(field), defaultText(field), values(field), field.unit(), field.whenDoc(),
                field.help(), required, field);
    }

    static String type(Field field) {
        return switch (field.kind()) {
            case NUMBER -> "number";
            case INTEGER -> "integer";
            case BOOLEAN -> "boolean";
            case STRING, ENUM, TYPE -> "string";
            case OBJECT -> "object (" + field.schema().title() + ")";
            case VARIANT -> "object (" + field.variants().title() + ")";
            case ARRAY -> "array of " + field.schema().title();
            default -> field.kind().name().toLowerCase();
        };
    }

    /** The default in words; null for a required field. */
    static String defaultText(Field field) {
        if (field.presence() == Field.Presence.REQUIRED) {
            return null;
        }
        if (field.computedDefault() != null) {
            return field.defaultDoc();
        }
        return switch (field.kind()) {
            case OBJECT -> "every field's default";
            case ARRAY -> null;
            case VARIANT -> field.defaultValue() == null ? null : "{\"type\": \"" + field.defaultValue() + "\"}";
            default -> field.presence() == Field.Presence.NULLABLE ? "null (off)"
                    : field.presence() == Field.Presence.OPTIONAL ? "absent" : literal(field.defaultValue());
        };
    }

    /** A constant as it is written in a scenario. */
    static String literal(Object value) {
        if (value instanceof Double d) {
            return NumberRange.format(d);
        }
        if (value instanceof JsonEnum e) {
            return '"' + e.json() + '"';
        }
        return String.valueOf(value);
    }

    /** What the field accepts, in words. */
    static String values(Field field) {
        return switch (field.kind()) {
            case NUMBER -> field.rangeDoc() != null ? field.rangeDoc()
                    : field.allowedValues() != null ? String.join(", ", field.allowedValues())
                    : field.numberRange() == null ? null : bounds(field.numberRange().describe());
            case INTEGER -> field.rangeDoc() != null ? field.rangeDoc()
                    : field.allowedValues() != null ? String.join(", ", field.allowedValues())
                    : field.intRange() == null ? null : intBounds(field.intRange());
            case ENUM -> JsonValues.quoted(field.enumConstants().stream().map(JsonEnum::json).toList(), ", ");
            case TYPE, VARIANT -> JsonValues.quoted(field.variants().typeNames(), ", ");
            case STRING -> field.pattern() != null ? field.pattern().pattern() + " (" + field.patternNote() + ")"
                    : field.maxLength() > 0 ? "at most " + field.maxLength() + " characters" : null;
            case ARRAY -> field.maxItemsDoc() == null ? null : "1 to " + field.maxItemsDoc();
            default -> null;
        };
    }

    /** "a number > 0 and ≤ 100000" → "> 0 and ≤ 100000". */
    private static String bounds(String description) {
        return description.replaceFirst("^(0 or )?an? (number|integer) ?", "$1").strip();
    }

    private static String intBounds(IntRange range) {
        return range == IntRange.INT64 ? "int64" : bounds(range.describe());
    }

    private static String anchor(String title) {
        return title.toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    // ---- Markdown

    /** The whole reference as Markdown (GitHub tables). */
    public static String markdown() {
        StringBuilder md = new StringBuilder("# Scenario reference\n\n")
                .append("Generated from the field declarations in `dev.fqlab.sim.scenario` (each record's `SCHEMA`); ")
                .append("the service serves the same text at `GET /api/v1/reference/scenario`. A scenario is one JSON ")
                .append("object (the first table); unknown fields are an error, and every bad field is reported at ")
                .append("once as a JSON Pointer. Numbers must be JSON numbers, integers integral; `null` is not a ")
                .append("value except where a field says so. Omit a field to get its default.\n");
        for (Section section : sections()) {
            md.append("\n## ").append(section.title()).append("\n\n")
                    .append(section.summary()).append("\n\n")
                    .append("| field | type | default | values | unit | where | meaning |\n")
                    .append("| --- | --- | --- | --- | --- | --- | --- |\n");
            for (Row row : section.rows()) {
                md.append("| `").append(row.name()).append("` | ").append(cell(row.type())).append(" | ")
                        .append(row.required() ? "**required**" : cell(row.defaultText())).append(" | ")
                        .append(cell(row.values())).append(" | ").append(cell(row.unit())).append(" | ")
                        .append(cell(row.where())).append(" | ").append(cell(row.help())).append(" |\n");
            }
        }
        return md.toString();
    }

    private static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
    }
}
