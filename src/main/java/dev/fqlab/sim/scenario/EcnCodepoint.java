package dev.fqlab.sim.scenario;

/** ECN codepoint a sender puts on its packets (RFC 3168): the low two bits of the IP TOS byte. */
public enum EcnCodepoint {
    NOT_ECT("not-ect", 0), ECT1("ect1", 1), ECT0("ect0", 2);

    /** The CE codepoint (binary 11). */
    public static final int CE = 3;

    private final String json;
    private final int bits;

    EcnCodepoint(String json, int bits) {
        this.json = json;
        this.bits = bits;
    }

    public String json() {
        return json;
    }

    /** The codepoint's value in the two ECN bits. */
    public int bits() {
        return bits;
    }
}
