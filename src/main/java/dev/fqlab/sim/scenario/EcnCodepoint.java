package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** ECN codepoint a sender puts on its packets (RFC 3168 §5): the low two bits of the IP TOS byte. */
public enum EcnCodepoint implements JsonEnum {
    NOT_ECT("not-ect", 0, "not ECN-capable"),
    ECT1("ect1", 1, "ECN-capable transport (1)"),
    ECT0("ect0", 2, "ECN-capable transport (0)");

    /** The CE codepoint (binary 11). */
    public static final int CE = 3;

    private final String json;
    private final int bits;
    private final String doc;

    EcnCodepoint(String json, int bits, String doc) {
        this.json = json;
        this.bits = bits;
        this.doc = doc;
    }

    @Override
    public String json() {
        return json;
    }

    @Override
    public String doc() {
        return doc;
    }

    /** The codepoint's value in the two ECN bits. */
    public int bits() {
        return bits;
    }
}
