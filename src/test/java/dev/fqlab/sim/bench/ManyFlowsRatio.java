package dev.fqlab.sim.bench;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Issue 16's many-flows ratio, measured in one JVM with the sizes alternated round by round (so that all see the
 * same machine): {@link ManyFlowsBenchmark}'s scenario at each size, and per offered packet the wall time, the
 * CPU time of the simulating thread (robust on a shared machine) and the bytes it allocated. Prints each
 * size's median and its ratio to the first size. Not a unit test: run it by hand (README Performance).
 * <pre>
 *   java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.fqlab.sim.bench.ManyFlowsRatio \
 *       [rounds=7] [sizes=3,300,3000] [durationS=10] [offeredMbps=95] [sampleIntervalMs=100] [warmup=2|jit]
 * </pre>
 */
public final class ManyFlowsRatio {

    private ManyFlowsRatio() {
    }

    public static void main(String[] args) {
        int rounds = 7;
        int[] sizes = {3, 300, 3000};
        double durationS = 10;
        double offeredMbps = 95;
        double sampleIntervalMs = 100;
        String warmup = "2";
        for (String a : args) {
            String[] kv = a.split("=", 2);
            switch (kv[0]) {
                case "rounds" -> rounds = Integer.parseInt(kv[1]);
                case "sizes" -> sizes = Arrays.stream(kv[1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "durationS" -> durationS = Double.parseDouble(kv[1]);
                case "offeredMbps" -> offeredMbps = Double.parseDouble(kv[1]);
                case "sampleIntervalMs" -> sampleIntervalMs = Double.parseDouble(kv[1]);
                case "warmup" -> warmup = kv[1];
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().threadId();
        Scenario[] scenarios = new Scenario[sizes.length];
        for (int s = 0; s < sizes.length; s++) {
            scenarios[s] = ManyFlowsBenchmark.scenario(sizes[s], offeredMbps, durationS, sampleIntervalMs);
        }
        // warm-up: every size twice (warmup=0 for one long run; warmup=jit until the JIT compiler is idle)
        JitQuiet.warmUp(warmup, () -> {
            for (Scenario sc : scenarios) {
                ScenarioRunner.run(sc, RunControl.NONE);
            }
        });
        double[][] wall = new double[sizes.length][rounds];
        double[][] cpu = new double[sizes.length][rounds];
        double[][] alloc = new double[sizes.length][rounds];
        long[] packets = new long[sizes.length];
        long jit0 = JitQuiet.compilationMs();
        for (int r = 0; r < rounds; r++) {
            for (int s = 0; s < sizes.length; s++) {
                long w0 = System.nanoTime();
                long c0 = threads.getCurrentThreadCpuTime();
                long a0 = threads.getThreadAllocatedBytes(tid);
                SimulationResult result = ScenarioRunner.run(scenarios[s], RunControl.NONE);
                long a1 = threads.getThreadAllocatedBytes(tid);
                long c1 = threads.getCurrentThreadCpuTime();
                long w1 = System.nanoTime();
                packets[s] = result.engine().packets();
                wall[s][r] = (w1 - w0) / (double) packets[s];
                cpu[s][r] = (c1 - c0) / (double) packets[s];
                alloc[s][r] = (a1 - a0) / (double) packets[s];
            }
        }
        long jitMs = JitQuiet.compilationMs() - jit0;
        System.out.printf("%d rounds, %.0f s, %.0f Mbit/s offered on 100 Mbit/s fq_codel, series every %.0f ms; "
                + "JIT compiling %d ms during them%n", rounds, durationS, offeredMbps, sampleIntervalMs, jitMs);
        System.out.printf("%8s %10s %14s %14s %16s %10s %10s%n", "flows", "packets", "wall ns/pkt", "cpu ns/pkt",
                "alloc B/pkt", "wall ×", "cpu ×");
        double wall0 = median(wall[0]);
        double cpu0 = median(cpu[0]);
        for (int s = 0; s < sizes.length; s++) {
            System.out.printf("%8d %10d %14.1f %14.1f %16.1f %10.2f %10.2f%n", sizes[s], packets[s], median(wall[s]),
                    median(cpu[s]), median(alloc[s]), median(wall[s]) / wall0, median(cpu[s]) / cpu0);
        }
        printHeap();
    }

    /** The heap's size limit and the most its pools held at once (garbage included) during the whole run. */
    private static void printHeap() {
        long peak = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("heap: max %d MiB, peak used %d MiB (sum of the heap pools' peaks)%n",
                Runtime.getRuntime().maxMemory() >> 20, peak >> 20);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
