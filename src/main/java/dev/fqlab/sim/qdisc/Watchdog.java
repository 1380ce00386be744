package dev.fqlab.sim.qdisc;

/**
 * {@code qdisc_watchdog_schedule_range_ns} (net/sched/sch_api.c): a qdisc that holds packets until a later time
 * (sch_fq's throttled flows) asks its device to dequeue again then, since no enqueue or transmit completion may come
 * before. The device dequeues at that time if it is idle ({@code __netif_schedule}).
 */
@FunctionalInterface
public interface Watchdog {
    /** Dequeue again at {@code atNs} (a later request replaces an earlier one). */
    void schedule(long atNs);

    /** For a qdisc nobody needs to wake (tests that dequeue by hand). */
    Watchdog NONE = atNs -> {
    };
}
