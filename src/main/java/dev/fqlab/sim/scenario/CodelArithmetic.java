package dev.fqlab.sim.scenario;

/** How CoDel computes 1/√count and compares times (scenario.md {@code codelArithmetic}). */
public enum CodelArithmetic {
    /** The kernel's integer Newton step, 1024 ns time units in a wrapping u32, strict comparisons. */
    LINUX("linux"),
    /** Floating-point 1/√count, nanosecond time, RFC 8289's comparisons. */
    EXACT("exact");

    private final String json;

    CodelArithmetic(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
