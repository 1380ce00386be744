package dev.fqlab.sim.stats;

/**
 * The flows that delivered a packet during the current time-series interval, each listed once, so that the
 * interval's end visits those and not every flow (issue 16: of 3000 flows sharing a link, most deliver nothing in a
 * 100 ms interval; a flow that delivered nothing has 0 goodput and no latency, the series' defaults), with what
 * each delivered: goodput bytes, and the sum and count of its latency samples.
 * <p>The sums sit here side by side, three longs a flow (72 KiB for 3000 flows), rather than in each flow's
 * {@link FlowStats}: the interval's end then reads one small array instead of a cache miss per active flow, and a
 * run without series does not keep them at all.
 */
final class IntervalActivity {
    private static final int GOODPUT = 0;
    private static final int LATENCY_SUM = 1;
    private static final int LATENCY_COUNT = 2;
    private static final int STRIDE = 3;

    private final boolean[] marked;
    private final int[] flows;
    /** Flow {@code f}'s goodput bytes, latency sum (ns) and latency samples in this interval at {@code STRIDE·f}. */
    private final long[] sums;
    private int count;

    IntervalActivity(int flowCount) {
        this.marked = new boolean[flowCount];
        this.flows = new int[flowCount];
        this.sums = new long[Math.multiplyExact(flowCount, STRIDE)];
    }

    /** Flow {@code flow} delivered {@code goodput} bytes, with a latency sample of {@code delayNs} if {@code latencySample}. */
    void delivered(int flow, long goodput, boolean latencySample, long delayNs) {
        if (!marked[flow]) {
            marked[flow] = true;
            flows[count++] = flow;
        }
        int at = STRIDE * flow;
        sums[at + GOODPUT] += goodput;
        if (latencySample) {
            sums[at + LATENCY_SUM] += delayNs;
            sums[at + LATENCY_COUNT]++;
        }
    }

    int count() {
        return count;
    }

    /** The {@code i}-th flow that delivered something in this interval. */
    int flow(int i) {
        return flows[i];
    }

    /** Goodput bytes flow {@code flow} delivered in this interval. */
    long goodputBytes(int flow) {
        return sums[STRIDE * flow + GOODPUT];
    }

    /** Mean one-way latency (ns) of flow {@code flow}'s latency samples in this interval, NaN if none. */
    double meanLatencyNs(int flow) {
        int at = STRIDE * flow;
        long n = sums[at + LATENCY_COUNT];
        return n == 0 ? Double.NaN : (double) sums[at + LATENCY_SUM] / n;
    }

    /** Starts the next interval with no flow marked and every sum 0. */
    void clear() {
        for (int i = 0; i < count; i++) {
            int f = flows[i];
            marked[f] = false;
            int at = STRIDE * f;
            sums[at + GOODPUT] = 0;
            sums[at + LATENCY_SUM] = 0;
            sums[at + LATENCY_COUNT] = 0;
        }
        count = 0;
    }
}
