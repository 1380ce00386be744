package dev.fqlab.sim.core;

/**
 * The discrete-event clock and loop. Time is {@code long} nanoseconds; events with equal time run in the
 * order they were scheduled. One simulation runs on one thread; parallelism is many simulations.
 */
public final class Simulator {
    /** How often (in events) the loop consults {@link RunControl}: cheap enough, and well under a second. */
    private static final int CONTROL_EVERY = 1 << 12;

    private final EventQueue queue = new EventQueue();
    private long now;
    private long nextSeq;
    private long events;
    /** The end of the current {@link #run}. */
    private long end = Long.MIN_VALUE;

    public long now() {
        return now;
    }

    /** Events fired so far. */
    public long events() {
        return events;
    }

    /** Schedules (or moves) {@code e} to time {@code at}, which must not lie in the past. */
    public void schedule(Event e, long at) {
        if (at < now) {
            throw new IllegalArgumentException("event scheduled in the past: " + at + " < " + now);
        }
        e.time = at;
        e.seq = nextSeq++;
        if (e.slot >= 0) {
            queue.changed(e);
        } else {
            queue.add(e);
        }
    }

    /** Schedules {@code e} {@code delay} ns from now. */
    public void scheduleIn(Event e, long delay) {
        schedule(e, now + delay);
    }

    /**
     * Lets the event that is firing ({@code self}) go on at {@code at} without a trip through the queue, when
     * rescheduling it for {@code at} would make it the very next event anyway: it is first, every other event is
     * later than {@code at} (an equal time would run first, having been scheduled earlier), and {@code at} lies within
     * the run. Then the clock moves to {@code at} and this returns true; the caller carries on as if fired again
     * there, and nothing else can observe the difference except the event count. Otherwise nothing changes and the
     * caller schedules {@code self} as usual.
     */
    public boolean continueAt(Event self, long at) {
        if (at < now || at > end || !queue.firstAlone(self, at)) {
            return false;
        }
        now = at;
        return true;
    }

    /** Removes {@code e} from the queue if it is scheduled. */
    public void cancel(Event e) {
        if (e.slot >= 0) {
            queue.remove(e);
        }
    }

    /**
     * Runs events up to and including time {@code end}, then leaves the clock at {@code end}.
     *
     * @throws SimulationCancelledException when {@code control} asks to stop
     */
    public void run(long end, RunControl control) {
        this.end = end;
        Event e;
        while ((e = queue.first()) != null && e.time <= end) {
            // The event stays first while it fires: most events reschedule themselves, which then costs one move.
            // Nothing scheduled meanwhile can precede it (later or equal time, higher sequence).
            long seq = e.seq;
            now = e.time;
            e.fire(now);
            if (e.slot >= 0 && e.seq == seq) {
                queue.remove(e);
            }
            if ((++events & (CONTROL_EVERY - 1)) == 0) {
                queue.retune(now, CONTROL_EVERY);
                consult(control, end);
            }
        }
        now = end;
        control.progress(1.0, now, events);
    }

    private void consult(RunControl control, long end) {
        if (control.cancelled()) {
            throw new SimulationCancelledException(now);
        }
        control.progress(end == 0 ? 1.0 : (double) now / end, now, events);
    }
}
