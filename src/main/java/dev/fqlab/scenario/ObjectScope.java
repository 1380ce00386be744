package dev.fqlab.scenario;

import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.IntRange;
import dev.fqlab.sim.scenario.schema.JsonEnum;
import dev.fqlab.sim.scenario.schema.NumberRange;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Report;
import dev.fqlab.sim.scenario.schema.Rule;
import dev.fqlab.sim.scenario.schema.Scope;
import dev.fqlab.sim.scenario.schema.Variants;
import dev.fqlab.sim.scenario.schema.When;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one JSON object by its record's field declarations ({@link RecordSchema}): every field is checked for type,
 * range and allowed values, defaults are filled in, cross-field rules run, and whatever no declaration consumed is an
 * unknown field. Problems are reported with their JSON Pointer and reading goes on, so every problem is found at
 * once; bad input never throws. The object is also the {@link Scope} its declarations' defaults and rules see: a
 * field asked for before its turn is read on demand.
 *
 * <p>Every field ends in one of three states: valid (with a value, possibly null), invalid (reported here), or
 * unknown (what it depends on is invalid and was reported elsewhere). The record is built only when every field is
 * valid and nothing else was reported for the object.
 */
final class ObjectScope implements Scope, Report {

    private enum State { READING, VALID, INVALID, UNKNOWN }

    private static final class Slot {
        State state = State.READING;
        Object value;
        ObjectScope object;
    }

    /** What every object of one document shares. */
    record Document(Problems problems, Limits limits) {
    }

    private final Document document;
    private final JsonNode node;
    private final String pointer;
    private final ObjectScope parent;
    /** Values of unique fields seen in the enclosing array, with the pointer of the element that has each. */
    private final Map<String, Map<String, String>> firstUse;
    private final Map<String, Field> declared = new LinkedHashMap<>();
    private final Map<String, Slot> slots = new HashMap<>();
    private final Set<String> consumed = new HashSet<>();
    private final Variants<?> variants;
    private RecordSchema<?> schema;
    private String type;
    private boolean failed;
    private Object record;

    private ObjectScope(Document document, JsonNode node, String pointer, ObjectScope parent,
            Map<String, Map<String, String>> firstUse, RecordSchema<?> schema, Variants<?> variants) {
        this.document = document;
        this.node = node;
        this.pointer = pointer;
        this.parent = parent;
        this.firstUse = firstUse;
        this.schema = schema;
        this.variants = variants;
    }

    /** Reads the document's root object; null (and a problem at "") when it is not an object. */
    static <R extends Record> R readRoot(Document document, RecordSchema<R> schema, JsonNode node, String what) {
        if (node == null || !node.isObject()) {
            document.problems().add(Pointers.ROOT, "must be " + what + JsonValues.got(node));
            return null;
        }
        ObjectScope root = new ObjectScope(document, node, Pointers.ROOT, null, null, schema, null);
        root.readRecord();
        return schema.type().cast(root.record);
    }

    // ---- reading an object

    /** A plain record: its fields in order, its rules, unknown fields, then the record. */
    private void readRecord() {
        declare(schema);
        readFields(schema);
        runRules(schema.rules());
        finish();
        build();
    }

    /** An object whose fields depend on its {@code type}. */
    private void readVariant() {
        Slot typeSlot = new Slot();
        slots.put("type", typeSlot);
        RecordSchema<?> chosen = readType("type", typeSlot, variants);
        if (chosen == null) {
            consumed.addAll(variants.fieldNames()); // their rules depend on the type: only strangers are reported
        } else {
            schema = chosen;
            type = chosen.typeName();
            declare(chosen);
            rejectOtherVariants(variants, chosen);
            readFields(chosen);
            runRules(chosen.rules());
        }
        finish();
        build();
    }

    private void declare(RecordSchema<?> declaring) {
        for (Field field : declaring.fields()) {
            if (field.kind() == Field.Kind.FLAT) {
                declare(field.schema());
            }
            declared.put(field.name(), field);
        }
    }

    private void readFields(RecordSchema<?> reading) {
        for (Field field : reading.fields()) {
            slot(field);
        }
    }

    private void runRules(List<Rule> rules) {
        for (Rule rule : rules) {
            rule.apply(this, this);
        }
    }

    /** Whatever no declaration consumed is unknown. */
    private void finish() {
        for (String field : node.propertyNames()) {
            if (!consumed.contains(field)) {
                fail(field, "unknown field");
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void build() {
        if (!valid()) {
            return;
        }
        Object built = construct(schema);
        for (RecordSchema.FinalRule rule : schema.finalRules()) {
            rule.apply(built, this);
        }
        record = valid() ? built : null;
    }

    private boolean valid() {
        return !failed && slots.values().stream().allMatch(slot -> slot.state == State.VALID);
    }

    /** The record of {@code building} from the slots of its fields (all valid). */
    private Object construct(RecordSchema<?> building) {
        Map<String, Object> values = new HashMap<>();
        for (Field field : building.fields()) {
            if (field.kind() != Field.Kind.TYPE) {
                values.put(field.component(), slots.get(field.name()).value);
            }
        }
        return building.construct(values);
    }

    // ---- reading one field

    /** The field's slot, read now if it has not been read yet. */
    private Slot slot(Field field) {
        Slot slot = slots.get(field.name());
        if (slot != null) {
            if (slot.state == State.READING) {
                throw new IllegalStateException(pointerOf(field.name()) + " depends on itself");
            }
            return slot;
        }
        slot = new Slot();
        slots.put(field.name(), slot);
        switch (field.kind()) {
            case FLAT -> readFlat(field, slot);
            case INLINE -> readInline(field, slot);
            default -> readValue(field, slot);
        }
        return slot;
    }

    private void readValue(Field field, Slot slot) {
        When when = field.condition() == null ? When.APPLIES : field.condition().apply(this);
        JsonNode raw = node.get(field.name());
        consumed.add(field.name());
        switch (when.kind()) {
            case SKIPPED -> {
                slot.state = State.UNKNOWN;
                if (field.kind() == Field.Kind.ARRAY && raw != null) {
                    checkArrayShape(field, slot, raw); // a service limit holds whatever decides the rest
                }
            }
            case REJECTED -> {
                boolean emptyArray = field.kind() == Field.Kind.ARRAY && raw != null && raw.isArray() && raw.isEmpty();
                if (raw == null || emptyArray) {
                    valid(slot, null);
                } else {
                    fail(slot, field.name(), when.message());
                }
            }
            case REQUIRED, APPLIES -> {
                if (raw != null) {
                    readPresent(field, slot, raw);
                } else if (when.kind() == When.Kind.REQUIRED || field.presence() == Field.Presence.REQUIRED) {
                    fail(slot, field.name(),
                            when.kind() == When.Kind.REQUIRED ? when.message() : field.requiredMessage());
                } else {
                    readAbsent(field, slot);
                }
            }
        }
    }

    private void readAbsent(Field field, Slot slot) {
        switch (field.kind()) {
            case OBJECT -> readObject(field, slot, JsonNodeFactory.instance.objectNode());
            case VARIANT -> {
                Object type = defaultOf(field);
                if (type == null) {
                    slot.state = State.UNKNOWN;
                } else {
                    readVariantObject(field, slot, JsonNodeFactory.instance.objectNode().put("type", (String) type));
                }
            }
            default -> {
                if (field.presence() != Field.Presence.DEFAULTED) {
                    valid(slot, null); // optional: null means absent
                    return;
                }
                Object value = defaultOf(field);
                String problem = value == null || field.check() == null ? null : field.check().problem(this, value);
                if (value == null) {
                    slot.state = State.UNKNOWN; // what it is computed from is invalid, and reported
                } else if (problem != null) {
                    fail(slot, field.name(), problem); // a default can be wrong for the rest (a long durationS)
                } else {
                    valid(slot, value);
                }
            }
        }
    }

    private Object defaultOf(Field field) {
        Object value = field.computedDefault() == null ? field.defaultValue() : field.computedDefault().apply(this);
        if (value instanceof Number number) {
            return field.kind() == Field.Kind.NUMBER ? (Object) number.doubleValue() : (Object) number.longValue();
        }
        return value;
    }

    private void readPresent(Field field, Slot slot, JsonNode raw) {
        switch (field.kind()) {
            case NUMBER -> readNumber(field, slot, raw);
            case INTEGER -> readInteger(field, slot, raw);
            case BOOLEAN -> readBoolean(field, slot, raw);
            case STRING -> readString(field, slot, raw);
            case ENUM -> readEnum(field, slot, raw);
            case OBJECT -> {
                if (raw.isObject()) {
                    readObject(field, slot, raw);
                } else {
                    fail(slot, field.name(), "must be an object" + JsonValues.got(raw));
                }
            }
            case VARIANT -> {
                if (raw.isObject()) {
                    readVariantObject(field, slot, raw);
                } else {
                    fail(slot, field.name(), "must be an object with a type ("
                            + JsonValues.quoted(field.variants().typeNames(), " or ") + ")" + JsonValues.got(raw));
                }
            }
            case ARRAY -> readArray(field, slot, raw);
            case TYPE -> readType(field.name(), slot, field.variants());
            case FORBIDDEN -> fail(slot, field.name(), field.forbiddenMessage());
            default -> throw new IllegalStateException(field.toString());
        }
    }

    private void readNumber(Field field, Slot slot, JsonNode raw) {
        boolean nullable = field.presence() == Field.Presence.NULLABLE;
        if (raw.isNull() && nullable) {
            valid(slot, null);
            return;
        }
        Double number = JsonValues.finiteDouble(raw);
        NumberRange range = field.numberRange(this);
        if (range != null && (number == null || !range.contains(number))) {
            fail(slot, field.name(),
                    "must be " + (nullable ? "null or " : "") + range.describe() + JsonValues.got(raw));
        } else if (field.allowed() != null) {
            checked(field, slot, raw, number, field.allowed().problem(this, number == null ? Double.NaN : number));
        } else if (number == null) {
            fail(slot, field.name(), "must be a number" + JsonValues.got(raw));
        } else {
            checked(field, slot, raw, number, null);
        }
    }

    private void readInteger(Field field, Slot slot, JsonNode raw) {
        Long integer = JsonValues.exactLong(raw);
        IntRange range = field.intRange(this);
        if (range != null && (integer == null || !range.contains(integer))) {
            fail(slot, field.name(), "must be " + range.describe() + JsonValues.got(raw));
        } else if (field.allowed() != null) {
            checked(field, slot, raw, integer,
                    field.allowed().problem(this, integer == null ? Long.MIN_VALUE : integer));
        } else if (integer == null) {
            fail(slot, field.name(), "must be an integer" + JsonValues.got(raw));
        } else {
            checked(field, slot, raw, integer, null);
        }
    }

    /** After the type and range: the allowed-values problem (if any), then the field's own check. */
    private void checked(Field field, Slot slot, JsonNode raw, Object value, String notAllowed) {
        if (notAllowed != null) {
            fail(slot, field.name(), "must be " + notAllowed + JsonValues.got(raw));
            return;
        }
        String problem = field.check() == null ? null : field.check().problem(this, value);
        if (problem != null) {
            fail(slot, field.name(), problem);
        } else {
            valid(slot, value);
        }
    }

    private void readBoolean(Field field, Slot slot, JsonNode raw) {
        if (raw.isBoolean()) {
            checked(field, slot, raw, raw.booleanValue(), null);
        } else {
            fail(slot, field.name(), "must be true or false" + JsonValues.got(raw));
        }
    }

    private void readString(Field field, Slot slot, JsonNode raw) {
        String expected = expectedString(field);
        if (!raw.isString()) {
            fail(slot, field.name(), "must be " + expected + JsonValues.got(raw));
            return;
        }
        String value = raw.stringValue();
        int length = value.codePointCount(0, value.length());
        // Every string field: no NUL or other control characters but tab and line breaks, no unpaired surrogates.
        String text = Text.freeText(value);
        if (text != null) {
            fail(slot, field.name(), text);
        } else if (field.maxLength() > 0 && length > field.maxLength()) {
            fail(slot, field.name(), "must be " + expected + " (got " + length + ")");
        } else if (field.pattern() != null && !field.pattern().matcher(value).matches()) {
            fail(slot, field.name(), "must match " + field.pattern().pattern() + " (" + field.patternNote() + ")"
                    + JsonValues.got(raw));
        } else {
            String first = field.uniqueNoun() == null ? null : earlierUse(field, value);
            if (first != null) {
                fail(slot, field.name(), "duplicate " + field.uniqueNoun() + " \"" + value + "\" (already used by "
                        + first + ")");
            } else {
                checked(field, slot, raw, value, null);
            }
        }
    }

    private static String expectedString(Field field) {
        if (field.expected() != null) {
            return field.expected();
        }
        if (field.pattern() != null) {
            return "a string matching " + field.pattern().pattern();
        }
        return field.maxLength() > 0 ? "a string of at most " + field.maxLength() + " characters" : "a string";
    }

    /** The pointer of the earlier array element with this value, or null when it is the first. */
    private String earlierUse(Field field, String value) {
        return firstUse == null ? null
                : firstUse.computeIfAbsent(field.name(), name -> new HashMap<>()).putIfAbsent(value, pointer);
    }

    private void readEnum(Field field, Slot slot, JsonNode raw) {
        for (JsonEnum constant : field.enumConstants()) {
            if (raw.isString() && constant.json().equals(raw.stringValue())) {
                valid(slot, constant);
                return;
            }
        }
        fail(slot, field.name(), "must be one of "
                + JsonValues.quoted(field.enumConstants().stream().map(JsonEnum::json).toList(), ", ")
                + JsonValues.got(raw));
    }

    /** A type name among the variants': the chosen variant, or null (reported when present and invalid). */
    private RecordSchema<?> readType(String name, Slot slot, Variants<?> family) {
        JsonNode raw = node.get(name);
        consumed.add(name);
        if (raw == null) {
            fail(slot, name, "required");
            return null;
        }
        RecordSchema<?> chosen = raw.isString() ? family.byType(raw.stringValue()) : null;
        if (chosen == null) {
            fail(slot, name, "must be one of " + JsonValues.quoted(family.typeNames(), ", ") + JsonValues.got(raw));
            return null;
        }
        valid(slot, chosen.typeName());
        return chosen;
    }

    /** A field of another variant is named as such ("applies to tcp flows only (this flow is udp)"). */
    private void rejectOtherVariants(Variants<?> family, RecordSchema<?> chosen) {
        for (String name : family.fieldNames()) {
            if (!declared.containsKey(name) && node.has(name)) {
                consumed.add(name);
                fail(name, "applies to " + JsonValues.joined(family.typesWith(name)) + " " + family.noun()
                        + "s only (this " + family.noun() + " is " + chosen.typeName() + ")");
            }
        }
    }

    private void readObject(Field field, Slot slot, JsonNode raw) {
        ObjectScope child = new ObjectScope(document, raw, pointerOf(field.name()), this, null, field.schema(), null);
        slot.object = child;
        child.readRecord();
        settle(slot, child);
    }

    private void readVariantObject(Field field, Slot slot, JsonNode raw) {
        ObjectScope child = new ObjectScope(document, raw, pointerOf(field.name()), this, null, null,
                field.variants());
        slot.object = child;
        child.readVariant();
        settle(slot, child);
    }

    private void settle(Slot slot, ObjectScope child) {
        if (child.record != null) {
            valid(slot, child.record);
        } else {
            slot.state = State.INVALID;
        }
    }

    /** Whether the value is an array within the size limit (reported if not). */
    private boolean checkArrayShape(Field field, Slot slot, JsonNode raw) {
        String noun = field.itemNoun();
        if (!raw.isArray()) {
            fail(slot, field.name(), "must be an array of " + noun + "s" + JsonValues.got(raw));
            return false;
        }
        int max = field.maxItems() == null ? Integer.MAX_VALUE : field.maxItems().applyAsInt(this);
        if (raw.size() > max) {
            fail(slot, field.name(), "must contain at most " + max + " " + noun + "s (service limit)");
            return false;
        }
        return true;
    }

    private void readArray(Field field, Slot slot, JsonNode raw) {
        if (raw.isArray() && raw.isEmpty()) {
            fail(slot, field.name(), "must contain at least 1 " + field.itemNoun());
            return;
        }
        boolean valid = checkArrayShape(field, slot, raw);
        if (!raw.isArray()) {
            return;
        }
        Map<String, Map<String, String>> uniques = new HashMap<>();
        List<Object> records = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            JsonNode element = raw.get(i);
            String at = Pointers.child(pointerOf(field.name()), i);
            if (!element.isObject()) {
                document.problems().add(at, "must be an object (a " + field.itemNoun() + ")" + JsonValues.got(element));
                valid = false;
                continue;
            }
            ObjectScope child = new ObjectScope(document, element, at, this, uniques, field.schema(), null);
            child.readRecord();
            valid &= child.record != null;
            records.add(child.record);
        }
        if (valid) {
            valid(slot, records);
        } else {
            slot.state = State.INVALID;
        }
    }

    /** Fields of a nested record written flat in this object (a qdisc's CoDel parameters). */
    private void readFlat(Field field, Slot slot) {
        RecordSchema<?> flat = field.schema();
        readFields(flat);
        runRules(flat.rules());
        settleComposite(flat, slot);
    }

    /** The fields of the variant that this object's {@code type} chose (a flow's udp, ping or tcp part). */
    private void readInline(Field field, Slot slot) {
        Field typeField = schema.fields().stream()
                .filter(f -> f.kind() == Field.Kind.TYPE && f.component().equals(field.component()))
                .findFirst().orElseThrow(() -> new IllegalStateException("no type for " + field));
        Slot typeSlot = slot(typeField);
        RecordSchema<?> chosen = typeSlot.state == State.VALID ? field.variants().byType((String) typeSlot.value)
                : null;
        if (chosen == null) {
            consumed.addAll(field.variants().fieldNames()); // only strangers are reported
            slot.state = State.UNKNOWN;
            return;
        }
        declare(chosen);
        rejectOtherVariants(field.variants(), chosen);
        readFields(chosen);
        runRules(chosen.rules());
        settleComposite(chosen, slot);
    }

    /** A flat or inline record is valid when its own fields are. */
    private void settleComposite(RecordSchema<?> composite, Slot slot) {
        boolean valid = true;
        for (Field field : composite.fields()) {
            valid &= slots.get(field.name()).state == State.VALID;
        }
        if (valid) {
            valid(slot, construct(composite));
        } else {
            slot.state = State.UNKNOWN; // the invalid fields are reported (and make this object invalid)
        }
    }

    // ---- outcomes

    private static void valid(Slot slot, Object value) {
        slot.state = State.VALID;
        slot.value = value;
    }

    private void fail(Slot slot, String field, String message) {
        slot.state = State.INVALID;
        fail(field, message);
    }

    @Override
    public void fail(String field, String message) {
        document.problems().add(pointerOf(field), message);
        failed = true;
        Slot slot = slots.get(field);
        if (slot != null) {
            slot.state = State.INVALID;
        }
    }

    @Override
    public void failObject(String message) {
        document.problems().add(pointer, message);
        failed = true;
    }

    private String pointerOf(String field) {
        return Pointers.child(pointer, field);
    }

    // ---- the scope

    @Override
    public boolean has(String field) {
        return node.has(field);
    }

    @Override
    public Double number(String field) {
        return (Double) value(field);
    }

    @Override
    public Long integer(String field) {
        return (Long) value(field);
    }

    @Override
    public Boolean bool(String field) {
        return (Boolean) value(field);
    }

    @Override
    public String string(String field) {
        return (String) value(field);
    }

    @Override
    public <E extends Enum<E>> E value(String field, Class<E> type) {
        return type.cast(value(field));
    }

    @Override
    public Scope object(String field) {
        return declaredSlot(field).object;
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public Scope parent() {
        return parent;
    }

    @Override
    public Scope root() {
        return parent == null ? this : parent.root();
    }

    @Override
    public Set<String> strings(String arrayField, String field) {
        JsonNode array = node.get(arrayField);
        if (array == null || !array.isArray() || array.isEmpty()) {
            return null; // an empty array is reported where it is
        }
        Set<String> values = new HashSet<>();
        for (JsonNode element : array) {
            JsonNode value = element.isObject() ? element.get(field) : null;
            if (value == null || !value.isString()) {
                return null;
            }
            values.add(value.stringValue());
        }
        return values;
    }

    @Override
    public Limits limits() {
        return document.limits();
    }

    private Object value(String field) {
        Slot slot = declaredSlot(field);
        return slot.state == State.VALID ? slot.value : null;
    }

    private Slot declaredSlot(String field) {
        Field declaration = declared.get(field);
        if (declaration == null) {
            if ("type".equals(field) && slots.containsKey("type")) {
                return slots.get("type");
            }
            throw new IllegalArgumentException(pointer + " has no declared field " + field);
        }
        return slot(declaration);
    }
}
