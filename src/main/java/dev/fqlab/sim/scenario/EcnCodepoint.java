package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** ECN codepoint a sender puts on its packets (RFC 3168 §5): the low two bits of the IP TOS byte. */
public enum EcnCodepoint implements JsonEnum {
    NOT_ECT(0), ECT1(1), ECT0(2);

    /** The CE codepoint (binary 11). */
    public static final int CE = 3;

    private final int bits;

    EcnCodepoint(int bits) {
        this.bits = bits;
    }

    /** The codepoint's value in the two ECN bits. */
    public int bits() {
        return bits;
    }
}
