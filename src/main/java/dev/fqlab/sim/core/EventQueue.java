package dev.fqlab.sim.core;

/**
 * The simulator's pending events in (time, seq) order: a 4-ary {@link EventHeap} while few are pending, a
 * {@link CalendarQueue} while many are (issue 16: a send event per flow). Both fire exactly the same sequence,
 * (time, seq) being a total order; which one holds the events is decided every few thousand fired events
 * ({@link #retune}), with hysteresis: to the calendar above {@value #TO_CALENDAR} events, back to the heap below
 * {@value #TO_HEAP}. Measured (README Performance): with a handful of events the heap's sift is a level or two in
 * arrays that stay in the L1 cache, cheaper than the calendar's bucket bookkeeping; from a few dozen events on the
 * calendar's O(1) wins.
 */
final class EventQueue {
    static final int TO_CALENDAR = 64;
    static final int TO_HEAP = 16;

    private final EventHeap heap = new EventHeap();
    private final CalendarQueue calendar = new CalendarQueue();
    private boolean onCalendar;
    private Event[] scratch = new Event[0];

    boolean isEmpty() {
        return onCalendar ? calendar.isEmpty() : heap.isEmpty();
    }

    int size() {
        return onCalendar ? calendar.size() : heap.size();
    }

    /** Whether the calendar holds the events (for tests). */
    boolean onCalendar() {
        return onCalendar;
    }

    /** The first event in (time, seq) order; the queue must not be empty. */
    Event peek() {
        return onCalendar ? calendar.peek() : heap.peek();
    }

    /** Whether every event but the first is scheduled later than {@code time} (not earlier than the first's). */
    boolean othersAfter(long time) {
        return onCalendar ? calendar.othersAfter(time) : heap.othersAfter(time);
    }

    void add(Event e) {
        if (onCalendar) {
            calendar.add(e);
        } else {
            heap.add(e);
        }
    }

    Event poll() {
        return onCalendar ? calendar.poll() : heap.poll();
    }

    /** Re-positions {@code e}, already queued, after its (time, seq) changed. */
    void changed(Event e) {
        if (onCalendar) {
            calendar.changed(e);
        } else {
            heap.changed(e);
        }
    }

    void remove(Event e) {
        if (onCalendar) {
            calendar.remove(e);
        } else {
            heap.remove(e);
        }
    }

    /**
     * Called between events with the clock and the number fired since the previous call: lets the calendar follow
     * the run, and moves the events between heap and calendar when their number crossed a threshold.
     */
    void retune(long now, int fired) {
        calendar.observe(now, fired);
        if (!onCalendar && heap.size() > TO_CALENDAR) {
            int n = drain(heap.size(), true);
            calendar.load(scratch, n);
            clear(n);
            onCalendar = true;
        } else if (onCalendar && calendar.size() < TO_HEAP) {
            int n = drain(calendar.size(), false);
            for (int i = 0; i < n; i++) {
                heap.add(scratch[i]);
            }
            clear(n);
            onCalendar = false;
        } else if (onCalendar) {
            calendar.tune();
        }
    }

    private int drain(int size, boolean fromHeap) {
        if (scratch.length < size) {
            scratch = new Event[Math.max(size, 2 * scratch.length)];
        }
        return fromHeap ? heap.drainTo(scratch) : calendar.drainTo(scratch);
    }

    private void clear(int n) {
        java.util.Arrays.fill(scratch, 0, n, null);
    }
}
