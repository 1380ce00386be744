package dev.fqlab.sim.kernel;

/**
 * The modelled Linux host of one simulation (scenario {@code kernel} and {@code kernelUptimeS}): which version's
 * rules apply ({@link KernelProfile}) and its clock ({@link KernelClock}). Components that depend on the version or
 * read kernel time take it instead of the scenario.
 */
public record Kernel(KernelProfile profile, KernelClock clock) {

    /**
     * The default profile on a clock that starts at boot: simulation time and kernel time coincide. For tests of one
     * algorithm that do not care about the version or the uptime; a scenario always names both (with defaults).
     */
    public static final Kernel AT_BOOT = new Kernel(KernelProfile.DEFAULT, new KernelClock(0));

    /** {@code profile} started {@code uptimeS} seconds after boot. */
    public static Kernel of(KernelProfile profile, double uptimeS) {
        return new Kernel(profile, KernelClock.afterBoot(uptimeS));
    }
}
