package dev.fqlab.sim.scenario.schema;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;

/**
 * The one declaration of a scenario field, kept beside the record that carries it (like ns-3's
 * {@code AddAttribute}): its JSON name, kind, default (constant, or computed from other fields), range or allowed
 * values, unit and help. The service derives the parser, the normalized scenario, the OpenAPI schema and the
 * scenario reference from these declarations; nothing else restates a field.
 *
 * <p>A declaration is built once, in a record's static initializer, with the fluent methods below; it is not
 * changed afterwards.
 */
public final class Field {

    /** What the JSON value is. */
    public enum Kind {
        NUMBER, INTEGER, BOOLEAN, STRING, ENUM,
        /** A nested object of one record type. */
        OBJECT,
        /** An array of objects of one record type. */
        ARRAY,
        /** A nested object whose fields depend on its {@code type} (one record type per type name). */
        VARIANT,
        /** The {@code type} of an {@link #INLINE} variant, written where it is declared. */
        TYPE,
        /** The fields of the variant that {@link #TYPE} chose, inline in this object. */
        INLINE,
        /** The fields of a nested record, inline in this object (CoDel's parameters in a qdisc). */
        FLAT,
        /** A name that must not appear here (with a message that says why); its record component is null. */
        FORBIDDEN
    }

    /** What an absent field means. */
    public enum Presence {
        /** Its default (constant or computed). */
        DEFAULTED,
        /** An error. */
        REQUIRED,
        /** Null: the field is optional and has no default. */
        OPTIONAL,
        /** Null, and JSON {@code null} is a valid value too (meaning "off"). */
        NULLABLE
    }

    private final Kind kind;
    private final String name;
    private String component;
    private Presence presence = Presence.DEFAULTED;
    private Object defaultValue;
    private Function<Scope, Object> computedDefault;
    private String defaultDoc;
    private String requiredMessage = "required";
    private NumberRange numberRange;
    private IntRange intRange;
    private Function<Scope, NumberRange> numberRangeIn;
    private Function<Scope, IntRange> intRangeIn;
    private String rangeDoc;
    private ValueCheck<Object> allowed;
    private List<String> allowedValues;
    private ValueCheck<Object> check;
    private Function<Scope, When> when;
    private String whenDoc;
    private Class<? extends Enum<?>> enumType;
    private Pattern pattern;
    private String patternNote;
    private int maxLength;
    private String uniqueNoun;
    private String expected;
    private RecordSchema<?> schema;
    private Variants<?> variants;
    private String itemNoun;
    private ToIntFunction<Scope> maxItems;
    private String maxItemsDoc;
    private String forbiddenMessage;
    private String unit;
    private String help;

    private Field(Kind kind, String name) {
        this.kind = kind;
        this.name = name;
        this.component = name;
    }

    // ---- kinds

    public static Field number(String name) {
        return new Field(Kind.NUMBER, name);
    }

    public static Field integer(String name) {
        return new Field(Kind.INTEGER, name);
    }

    public static Field bool(String name) {
        return new Field(Kind.BOOLEAN, name);
    }

    /**
     * A string. Whatever else it declares, the reader refuses control characters other than tab and line breaks
     * and unpaired surrogates in every string field (PostgreSQL cannot store U+0000).
     */
    public static Field string(String name) {
        return new Field(Kind.STRING, name);
    }

    /** One of an enum's {@link JsonEnum#json()} names. */
    public static <E extends Enum<E> & JsonEnum> Field enumeration(String name, Class<E> type) {
        Field field = new Field(Kind.ENUM, name);
        field.enumType = type;
        return field;
    }

    /** A nested object; absent = an empty object (all its defaults). */
    public static Field object(String name, RecordSchema<?> schema) {
        Field field = new Field(Kind.OBJECT, name);
        field.schema = schema;
        return field;
    }

    /** An array of objects, each a {@code noun} ("station", "flow"). */
    public static Field array(String name, RecordSchema<?> schema, String noun) {
        Field field = new Field(Kind.ARRAY, name);
        field.schema = schema;
        field.itemNoun = noun;
        return field;
    }

    /** A nested object whose fields depend on its {@code type}. */
    public static Field variant(String name, Variants<?> variants) {
        Field field = new Field(Kind.VARIANT, name);
        field.variants = variants;
        field.presence = Presence.REQUIRED;
        return field;
    }

    /**
     * The {@code type} key of the variant record in {@code component} whose fields are {@link #inline} in this
     * object (a flow's {@code "type": "tcp"}).
     */
    public static Field type(String name, String component, Variants<?> variants) {
        Field field = new Field(Kind.TYPE, name);
        field.component = component;
        field.variants = variants;
        field.presence = Presence.REQUIRED;
        return field;
    }

    /** Where the fields of the variant chosen by the {@link #type} of {@code component} go. */
    public static Field inline(String component, Variants<?> variants) {
        Field field = new Field(Kind.INLINE, component);
        field.variants = variants;
        return field;
    }

    /** The fields of record {@code component}, flat in this object. */
    public static Field flat(String component, RecordSchema<?> schema) {
        Field field = new Field(Kind.FLAT, component);
        field.schema = schema;
        return field;
    }

    /** {@code name} must not appear; {@code component} (if any) is null. */
    public static Field forbidden(String name, String component, String message) {
        Field field = new Field(Kind.FORBIDDEN, name);
        field.component = component;
        field.forbiddenMessage = message;
        field.presence = Presence.OPTIONAL;
        return field;
    }

    /** The record component this field fills, when its name differs from the JSON name. */
    public Field component(String name) {
        this.component = name;
        return this;
    }

    // ---- presence and defaults

    /** The value when the field is absent (numbers may be given as any Java number). */
    public Field defaultValue(Object value) {
        this.defaultValue = switch (kind) {
            case NUMBER -> ((Number) value).doubleValue();
            case INTEGER -> ((Number) value).longValue();
            default -> value;
        };
        this.presence = Presence.DEFAULTED;
        return this;
    }

    /**
     * A default computed from other fields; null from {@code compute} means it cannot be known (what it depends on
     * is invalid and already reported). {@code doc} says it in words for the reference ("rateMbps").
     */
    public Field defaultValue(Function<Scope, Object> compute, String doc) {
        this.computedDefault = compute;
        this.defaultDoc = doc;
        this.presence = Presence.DEFAULTED;
        return this;
    }

    public Field required() {
        this.presence = Presence.REQUIRED;
        return this;
    }

    public Field required(String message) {
        this.presence = Presence.REQUIRED;
        this.requiredMessage = message;
        return this;
    }

    public Field optional() {
        this.presence = Presence.OPTIONAL;
        return this;
    }

    /** Absent or JSON null both mean null ("off"); the normalized scenario writes the null. */
    public Field nullable() {
        this.presence = Presence.NULLABLE;
        return this;
    }

    /**
     * Whether (and how) the field applies, decided by other fields; {@code doc} says where it applies, for the
     * reference ("wifi links only").
     */
    public Field when(Function<Scope, When> condition, String doc) {
        this.when = condition;
        this.whenDoc = doc;
        return this;
    }

    // ---- values

    public Field range(NumberRange range) {
        this.numberRange = range;
        return this;
    }

    public Field range(IntRange range) {
        this.intRange = range;
        return this;
    }

    /** A range that depends on other fields; {@code doc} says it in words, {@code widest} bounds it for schemas. */
    public Field range(NumberRange widest, Function<Scope, NumberRange> actual, String doc) {
        this.numberRange = widest;
        this.numberRangeIn = actual;
        this.rangeDoc = doc;
        return this;
    }

    /** An integer range that depends on other fields; {@code doc} says it in words. */
    public Field intRange(IntRange widest, Function<Scope, IntRange> actual, String doc) {
        this.intRange = widest;
        this.intRangeIn = actual;
        this.rangeDoc = doc;
        return this;
    }

    /**
     * Which values are valid, decided by a function (e.g. the channel widths of the link's standard): it returns
     * null for a valid value, else what is valid; it is asked with {@code Long.MIN_VALUE} (integers) or NaN
     * (numbers) when the value is not one at all. {@code values} lists them for the reference.
     */
    @SuppressWarnings("unchecked")
    public <T> Field allowed(ValueCheck<T> rule, List<String> values) {
        this.allowed = (ValueCheck<Object>) rule;
        this.allowedValues = List.copyOf(values);
        return this;
    }

    /** A check of a value that passed its type and range: null when fine, else the whole message. */
    @SuppressWarnings("unchecked")
    public <T> Field check(ValueCheck<T> rule) {
        this.check = (ValueCheck<Object>) rule;
        return this;
    }

    /** Strings: must match {@code regex}; {@code note} explains it in words. */
    public Field pattern(String regex, String note) {
        this.pattern = Pattern.compile(regex);
        this.patternNote = note;
        return this;
    }

    /** Strings: at most this many characters (code points). */
    public Field maxLength(int characters) {
        this.maxLength = characters;
        return this;
    }

    /** Strings: unique among the elements of the enclosing array; a later duplicate is a "duplicate {noun}". */
    public Field unique(String noun) {
        this.uniqueNoun = noun;
        return this;
    }

    /** What the value must be, for messages about a value of the wrong type ("an object (a flow)"). */
    public Field expected(String text) {
        this.expected = text;
        return this;
    }

    /** Arrays: at least 1 item when the field applies, at most {@code max} (a service limit, {@code maxDoc}). */
    public Field items(ToIntFunction<Scope> max, String maxDoc) {
        this.maxItems = max;
        this.maxItemsDoc = maxDoc;
        return this;
    }

    public Field unit(String text) {
        this.unit = text;
        return this;
    }

    public Field help(String text) {
        this.help = text;
        return this;
    }

    // ---- reading the declaration

    public Kind kind() {
        return kind;
    }

    public String name() {
        return name;
    }

    /** The record component the value fills (for {@link Kind#TYPE}: the variant record's component). */
    public String component() {
        return component;
    }

    public Presence presence() {
        return presence;
    }

    public boolean hasConstantDefault() {
        return presence == Presence.DEFAULTED && computedDefault == null && defaultValue != null;
    }

    public Object defaultValue() {
        return defaultValue;
    }

    public Function<Scope, Object> computedDefault() {
        return computedDefault;
    }

    public String defaultDoc() {
        return defaultDoc;
    }

    public String requiredMessage() {
        return requiredMessage;
    }

    public Function<Scope, When> condition() {
        return when;
    }

    /** Where the field applies, in words; null when it always does. */
    public String whenDoc() {
        return whenDoc;
    }

    public NumberRange numberRange(Scope scope) {
        return numberRangeIn == null ? numberRange : numberRangeIn.apply(scope);
    }

    public IntRange intRange(Scope scope) {
        return intRangeIn == null ? intRange : intRangeIn.apply(scope);
    }

    /** The widest range, for schemas. */
    public NumberRange numberRange() {
        return numberRange;
    }

    public IntRange intRange() {
        return intRange;
    }

    /** The range in words when it depends on other fields, else null. */
    public String rangeDoc() {
        return rangeDoc;
    }

    public ValueCheck<Object> allowed() {
        return allowed;
    }

    public List<String> allowedValues() {
        return allowedValues;
    }

    public ValueCheck<Object> check() {
        return check;
    }

    @SuppressWarnings("unchecked")
    public <E extends Enum<E>> Class<E> enumType() {
        return (Class<E>) enumType;
    }

    /** An enum field's constants. */
    public List<JsonEnum> enumConstants() {
        return List.of((JsonEnum[]) Objects.requireNonNull(enumType).getEnumConstants());
    }

    public Pattern pattern() {
        return pattern;
    }

    public String patternNote() {
        return patternNote;
    }

    public int maxLength() {
        return maxLength;
    }

    public String uniqueNoun() {
        return uniqueNoun;
    }

    public String expected() {
        return expected;
    }

    public RecordSchema<?> schema() {
        return schema;
    }

    public Variants<?> variants() {
        return variants;
    }

    public String itemNoun() {
        return itemNoun;
    }

    public ToIntFunction<Scope> maxItems() {
        return maxItems;
    }

    public String maxItemsDoc() {
        return maxItemsDoc;
    }

    public String forbiddenMessage() {
        return forbiddenMessage;
    }

    public String unit() {
        return unit;
    }

    public String help() {
        return help;
    }

    @Override
    public String toString() {
        return kind + " " + name;
    }
}
