package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How CoDel computes 1/√count and compares times (scenario.md {@code codelArithmetic}; kernel-spec §1). */
public enum CodelArithmetic implements JsonEnum {
    LINUX("linux", "the kernel's integer Newton step, 1024 ns time units in a wrapping u32, strict comparisons "
            + "(include/net/codel_impl.h)"),
    EXACT("exact", "floating-point 1/√count, nanosecond time, RFC 8289's comparisons");

    private final String json;
    private final String doc;

    CodelArithmetic(String json, String doc) {
        this.json = json;
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
}
