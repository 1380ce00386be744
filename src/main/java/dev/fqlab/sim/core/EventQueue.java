package dev.fqlab.sim.core;

import java.util.Arrays;

/**
 * The simulator's pending events in (time, seq) order: an indexed 4-ary min-heap (the d-ary heap of D. B. Johnson,
 * "Priority queues with update and finding minimum spanning trees", Information Processing Letters 4(3), 1975)
 * while few are pending, handing them to a {@link CalendarQueue} while many are (issue 16: a send event per flow).
 * Both fire exactly the same sequence, (time, seq) being a total order. Where the events are is decided every few
 * thousand fired events ({@link #retune}), with hysteresis: to the calendar above {@value #TO_CALENDAR} events,
 * back to the heap below {@value #TO_HEAP}; above {@value #TO_CALENDAR_AT_ONCE} at once. With a handful of events a
 * sift is a level or two in arrays that stay in the L1 cache, cheaper than the calendar's bucket bookkeeping; with a
 * few dozen or more the calendar's O(1) wins (README Performance). In the heap each event knows its slot ({@link Event#slot}), which makes cancel and
 * reschedule O(log n) without searching; the keys are kept beside the events in primitive arrays.
 */
final class EventQueue {
    static final int TO_CALENDAR = 64;
    static final int TO_HEAP = 16;
    /**
     * Above this many the events move to the calendar at once, not at the next {@link #retune}: 3000 flows start
     * together, and until the retune every one of their sends sifted through a heap of 3000 (issue 16).
     */
    static final int TO_CALENDAR_AT_ONCE = 1024;

    /** Holds the events while {@link #onCalendar}; the heap is empty then. */
    private final CalendarQueue calendar = new CalendarQueue();
    private boolean onCalendar;
    private Event[] scratch = new Event[0];

    private Event[] heap = new Event[64];
    private long[] times = new long[64];
    private long[] seqs = new long[64];
    private int size;

    private boolean heapIsEmpty() {
        return size == 0;
    }

    private int heapSize() {
        return size;
    }

    private Event heapPeek() {
        return heap[0];
    }

    /**
     * Whether every event but the one at the top is scheduled later than {@code time}: the earliest of the others
     * is one of the top's (up to four) children.
     */
    private boolean heapOthersAfter(long time) {
        int last = Math.min(size - 1, 4);
        for (int c = 1; c <= last; c++) {
            if (times[c] <= time) {
                return false;
            }
        }
        return true;
    }

    private void heapAdd(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            times = Arrays.copyOf(times, size * 2);
            seqs = Arrays.copyOf(seqs, size * 2);
        }
        siftUp(size++, e, e.time, e.seq);
    }

    private Event heapPoll() {
        Event top = heap[0];
        heapRemove(top);
        return top;
    }

    /** Moves every event into {@code out} (in no order), leaving the heap empty; returns how many. */
    private int heapDrainTo(Event[] out) {
        int n = size;
        for (int i = 0; i < n; i++) {
            out[i] = heap[i];
            heap[i] = null;
            out[i].slot = -1;
        }
        size = 0;
        return n;
    }

    /**
     * Re-positions {@code e}, already in the heap, after its (time, seq) changed: up when it now precedes its parent
     * (which precedes the children), else down — one sift, and for the top (the firing event rescheduling itself)
     * no question about a parent.
     */
    private void heapChanged(Event e) {
        int i = e.slot;
        long time = e.time;
        long seq = e.seq;
        if (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = times[parent];
            if (time < pt || (time == pt && seq < seqs[parent])) {
                siftUp(i, e, time, seq);
                return;
            }
        }
        siftDown(i, e, time, seq);
    }

    private void heapRemove(Event e) {
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

    boolean isEmpty() {
        return onCalendar ? calendar.isEmpty() : heapIsEmpty();
    }

    int size() {
        return onCalendar ? calendar.size() : heapSize();
    }

    /** Whether the calendar holds the events (for tests). */
    boolean onCalendar() {
        return onCalendar;
    }

    /** The first event in (time, seq) order; the queue must not be empty. */
    Event peek() {
        return onCalendar ? calendar.peek() : heapPeek();
    }

    /**
     * Whether {@code self} is the first event and every other is scheduled later than {@code time} (not earlier than
     * the first's); in the heap the earliest of the others is one of the top's (up to four) children.
     */
    boolean firstAlone(Event self, long time) {
        return onCalendar ? calendar.firstAlone(self, time) : size != 0 && heap[0] == self && heapOthersAfter(time);
    }

    /** The first event in (time, seq) order, or null when the queue is empty: the loop's one question per event. */
    Event first() {
        // heap[0] is null while the heap is empty: removal and draining clear every slot they vacate
        return onCalendar ? calendar.first() : heap[0];
    }

    void add(Event e) {
        if (onCalendar) {
            calendar.add(e);
        } else {
            heapAdd(e);
            if (size > TO_CALENDAR_AT_ONCE) {
                toCalendar();
            }
        }
    }

    Event poll() {
        return onCalendar ? calendar.poll() : heapPoll();
    }

    /** Re-positions {@code e}, already queued, after its (time, seq) changed. */
    void changed(Event e) {
        if (onCalendar) {
            calendar.changed(e);
        } else {
            heapChanged(e);
        }
    }

    void remove(Event e) {
        if (onCalendar) {
            calendar.remove(e);
        } else {
            heapRemove(e);
        }
    }

    /**
     * Called between events with the clock and the number fired since the previous call: lets the calendar follow
     * the run, and moves the events between heap and calendar when their number crossed a threshold.
     */
    void retune(long now, int fired) {
        calendar.observe(now, fired);
        if (!onCalendar && size > TO_CALENDAR) {
            toCalendar();
        } else if (onCalendar && calendar.size() < TO_HEAP) {
            int n = calendar.drainTo(scratch(calendar.size()));
            for (int i = 0; i < n; i++) {
                heapAdd(scratch[i]);
            }
            Arrays.fill(scratch, 0, n, null);
            onCalendar = false;
        } else if (onCalendar) {
            calendar.tune();
        }
    }

    private void toCalendar() {
        int n = heapDrainTo(scratch(size));
        calendar.load(scratch, n);
        Arrays.fill(scratch, 0, n, null);
        onCalendar = true;
    }

    private Event[] scratch(int n) {
        if (scratch.length < n) {
            scratch = new Event[Math.max(n, 2 * scratch.length)];
        }
        return scratch;
    }
}
