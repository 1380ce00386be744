package dev.fqlab.sim.traffic.tcp;

/**
 * Kathleen Nichols' windowed maximum as Linux keeps it (lib/win_minmax.c {@code minmax_running_max},
 * {@code minmax_subwin_update}, include/linux/win_minmax.h {@code minmax_reset}): the best, second and third best
 * samples of the last {@code win} time units, in constant space; BBR's bottleneck-bandwidth filter with time counted
 * in round trips. Times are u32 in the kernel; here longs that only grow, so the kernel's wrap-around subtraction is
 * plain subtraction.
 */
final class WindowedMax {
    private final long[] t = new long[3];
    private final long[] v = new long[3];

    /** {@code minmax_get}. */
    long get() {
        return v[0];
    }

    /** {@code minmax_reset}: all three choices become the sample. */
    long reset(long time, long meas) {
        for (int i = 0; i < 3; i++) {
            t[i] = time;
            v[i] = meas;
        }
        return v[0];
    }

    /** {@code minmax_running_max}. */
    long runningMax(long win, long time, long meas) {
        if (meas >= v[0] || time - t[2] > win) {
            return reset(time, meas); // a new max, or nothing left in the window
        }
        if (meas >= v[1]) {
            set(2, time, meas);
            set(1, time, meas);
        } else if (meas >= v[2]) {
            set(2, time, meas);
        }
        return subwinUpdate(win, time, meas);
    }

    private long subwinUpdate(long win, long time, long meas) {
        long dt = time - t[0];
        if (dt > win) {
            // the whole window passed without a new max: the 2nd choice is the max, the 3rd the 2nd
            shift(time, meas);
            if (time - t[0] > win) {
                shift(time, meas);
            }
        } else if (t[1] == t[0] && dt > win / 4) {
            set(2, time, meas); // a quarter of the window passed: a 2nd choice from the 2nd quarter
            set(1, time, meas);
        } else if (t[2] == t[1] && dt > win / 2) {
            set(2, time, meas); // half the window passed: a 3rd choice from the last half
        }
        return v[0];
    }

    private void shift(long time, long meas) {
        set(0, t[1], v[1]);
        set(1, t[2], v[2]);
        set(2, time, meas);
    }

    private void set(int i, long time, long meas) {
        t[i] = time;
        v[i] = meas;
    }
}
