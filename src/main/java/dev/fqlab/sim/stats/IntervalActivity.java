package dev.fqlab.sim.stats;

/**
 * The flows that delivered a packet during the current time-series interval, each listed once, so that the
 * interval's end visits those and not every flow (issue 16: of 3000 flows sharing a link, most deliver nothing in a
 * 100 ms interval; a flow that delivered nothing has 0 goodput and no latency, the series' defaults).
 */
final class IntervalActivity {
    private final boolean[] marked;
    private final int[] flows;
    private int count;

    IntervalActivity(int flowCount) {
        this.marked = new boolean[flowCount];
        this.flows = new int[flowCount];
    }

    void mark(int flow) {
        if (!marked[flow]) {
            marked[flow] = true;
            flows[count++] = flow;
        }
    }

    int count() {
        return count;
    }

    int flow(int i) {
        return flows[i];
    }

    /** Starts the next interval with no flow marked. */
    void clear() {
        for (int i = 0; i < count; i++) {
            marked[flows[i]] = false;
        }
        count = 0;
    }
}
