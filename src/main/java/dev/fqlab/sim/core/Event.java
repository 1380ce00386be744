package dev.fqlab.sim.core;

/**
 * Something that happens at a simulated time. Events are long-lived objects that components reschedule,
 * so the hot path allocates nothing; an event is in the queue at most once.
 */
public abstract class Event {
    long time;
    long seq;
    int heapIndex = -1;

    /** Runs the event; {@code now} equals the time it was scheduled for. */
    protected abstract void fire(long now);

    /** True while the event waits in the queue. */
    public final boolean isScheduled() {
        return heapIndex >= 0;
    }

    /** The time it is scheduled for (meaningful while {@link #isScheduled()}). */
    public final long time() {
        return time;
    }
}
