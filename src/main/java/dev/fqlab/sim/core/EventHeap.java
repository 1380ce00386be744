package dev.fqlab.sim.core;

import java.util.Arrays;

/**
 * Indexed 4-ary min-heap of {@link Event}s ordered by (time, seq) (the d-ary heap of D. B. Johnson, "Priority queues
 * with update and finding minimum spanning trees", Information Processing Letters 4(3), 1975). Since (time, seq) is a
 * total order, any correct priority queue fires the same sequence. Each event knows its heap slot
 * ({@link Event#slot}), which makes cancel and reschedule O(log n) without searching. The keys are kept beside the
 * events in primitive arrays, and each node has four children, so a sift compares keys that sit together in memory.
 * {@link EventQueue} uses it while few events are pending, where it beats the {@link CalendarQueue}.
 */
final class EventHeap {
    private Event[] heap = new Event[64];
    private long[] times = new long[64];
    private long[] seqs = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    Event peek() {
        return heap[0];
    }

    /**
     * Whether every event but the one at the top is scheduled later than {@code time}: the earliest of the others
     * is one of the top's (up to four) children.
     */
    boolean othersAfter(long time) {
        int last = Math.min(size - 1, 4);
        for (int c = 1; c <= last; c++) {
            if (times[c] <= time) {
                return false;
            }
        }
        return true;
    }

    void add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            times = Arrays.copyOf(times, size * 2);
            seqs = Arrays.copyOf(seqs, size * 2);
        }
        siftUp(size++, e, e.time, e.seq);
    }

    Event poll() {
        Event top = heap[0];
        remove(top);
        return top;
    }

    /** Moves every event into {@code out} (in no order), leaving the heap empty; returns how many. */
    int drainTo(Event[] out) {
        int n = size;
        for (int i = 0; i < n; i++) {
            out[i] = heap[i];
            heap[i] = null;
            out[i].slot = -1;
        }
        size = 0;
        return n;
    }

    /** Re-positions {@code e}, already in the heap, after its (time, seq) changed: one sift instead of two. */
    void changed(Event e) {
        int i = e.slot;
        siftDown(i, e, e.time, e.seq);
        if (heap[i] == e) {
            siftUp(i, e, e.time, e.seq);
        }
    }

    void remove(Event e) {
        int i = e.slot;
        int lastIndex = --size;
        Event last = heap[lastIndex];
        long time = times[lastIndex];
        long seq = seqs[lastIndex];
        heap[lastIndex] = null;
        e.slot = -1;
        if (i == lastIndex) {
            return;
        }
        siftDown(i, last, time, seq);
        if (heap[i] == last) {
            siftUp(i, last, time, seq);
        }
    }

    private void siftUp(int i, Event e, long time, long seq) {
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = times[parent];
            if (time > pt || (time == pt && seq > seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        place(i, e, time, seq);
    }

    private void siftDown(int i, Event e, long time, long seq) {
        while (true) {
            int first = 4 * i + 1;
            if (first >= size) {
                break;
            }
            int end = Math.min(first + 4, size);
            int child = first;
            long ct = times[first];
            long cs = seqs[first];
            for (int c = first + 1; c < end; c++) {
                long t = times[c];
                if (t < ct || (t == ct && seqs[c] < cs)) {
                    child = c;
                    ct = t;
                    cs = seqs[c];
                }
            }
            if (ct > time || (ct == time && cs > seq)) {
                break;
            }
            move(child, i);
            i = child;
        }
        place(i, e, time, seq);
    }

    /** Moves the entry at {@code from} to slot {@code to}. */
    private void move(int from, int to) {
        Event m = heap[from];
        heap[to] = m;
        times[to] = times[from];
        seqs[to] = seqs[from];
        m.slot = to;
    }

    private void place(int i, Event e, long time, long seq) {
        heap[i] = e;
        times[i] = time;
        seqs[i] = seq;
        e.slot = i;
    }
}
