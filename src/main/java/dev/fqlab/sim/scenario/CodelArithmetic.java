package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/** How CoDel computes 1/√count and compares times (scenario.md {@code codelArithmetic}; kernel-spec §1). */
public enum CodelArithmetic implements JsonEnum {
    /** The kernel's integer Newton step, 1024 ns time units in a wrapping u32, strict comparisons. */
    LINUX,
    /** Floating-point 1/√count, nanosecond time, RFC 8289's comparisons. */
    EXACT
}
