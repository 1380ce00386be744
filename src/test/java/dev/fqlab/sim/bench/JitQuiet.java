package dev.fqlab.sim.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Warm-up until the JIT compiler is idle (issue 16). On the 2-core project machine a C2 compilation runs on the core
 * the simulation does not use, and the two share caches: while the JIT still compiled (60 to 150 rounds of
 * stations-2@30 and stations-128@30 after a fresh start), 128 stations cost 25–40 % more per delivered packet and 2
 * stations about 5 % more, so a 128/2 ratio read 1.7–1.8 instead of about 1.45 (PrintCompilation beside each run's
 * cost, 2026-12-02). Timing only after the JIT has compiled nothing for {@link #QUIET_ROUNDS} rounds in a row measures
 * the engine in the state a long-running service reaches.
 */
final class JitQuiet {
    /** Rounds in a row without compilation that end the warm-up. */
    static final int QUIET_ROUNDS = 5;
    /** Rounds a {@code jit} warm-up runs at least and at most. */
    static final int MIN_ROUNDS = 10;
    static final int MAX_ROUNDS = 400;

    private JitQuiet() {
    }

    /** Milliseconds the JIT has spent compiling since the JVM started (0 where the JVM does not say). */
    static long compilationMs() {
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        return c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() : 0;
    }

    /**
     * Runs {@code round} untimed: {@code spec} times when it is a number, or — for {@code jit} — at least
     * {@link #MIN_ROUNDS} times and then until {@link #QUIET_ROUNDS} rounds in a row compiled nothing (at most
     * {@link #MAX_ROUNDS}). Prints what it did on standard error, so the runs' lines on standard output stay as
     * they were.
     */
    static void warmUp(String spec, Runnable round) {
        if (!spec.equals("jit")) {
            int rounds = Integer.parseInt(spec);
            for (int i = 0; i < rounds; i++) {
                round.run();
            }
            return;
        }
        int rounds = 0;
        int quiet = 0;
        long start = compilationMs();
        while (rounds < MAX_ROUNDS && (rounds < MIN_ROUNDS || quiet < QUIET_ROUNDS)) {
            long before = compilationMs();
            round.run();
            rounds++;
            quiet = compilationMs() == before ? quiet + 1 : 0;
        }
        System.err.printf("warm-up: %d rounds, JIT compiling %d ms, %s%n", rounds, compilationMs() - start,
                quiet >= QUIET_ROUNDS ? "then idle for " + quiet + " rounds" : "still compiling at the cap");
    }
}
