package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;

/**
 * The sender's transmit timer (RFC 6298 §5; Linux v6.6 {@code inet_csk_reset_xmit_timer} with
 * {@code icsk_pending}): one timer that is either the retransmission timer ({@code ICSK_TIME_RETRANS}), RACK's
 * reordering timer ({@code ICSK_TIME_REO_TIMEOUT}) or the tail loss probe timer ({@code ICSK_TIME_LOSS_PROBE});
 * setting one replaces the other. What expiry does is the sender's ({@code tcp_write_timer_handler}).
 */
final class RetransmitTimer {
    /** {@code icsk_pending}. */
    enum Pending { NONE, RETRANS, REO_TIMEOUT, LOSS_PROBE }

    /** What the sender does when the timer fires. */
    interface Expiry {
        void expired(Pending what, long now);
    }

    private final Simulator sim;
    private final RttEstimator rtt;
    private final Event event;
    private Pending pending = Pending.NONE;

    RetransmitTimer(Simulator sim, RttEstimator rtt, Expiry expired) {
        this.sim = sim;
        this.rtt = rtt;
        this.event = new Event() {
            @Override
            protected void fire(long now) {
                Pending what = pending;
                pending = Pending.NONE;
                expired.expired(what, now);
            }
        };
    }

    /** (Re)starts the retransmission timer to expire one RTO from {@code now} (§5.1, §5.3, §5.6). */
    void restart(long now) {
        reset(Pending.RETRANS, rtt.rtoNs(), now);
    }

    /** {@code inet_csk_reset_xmit_timer}: the timer becomes {@code what}, expiring {@code delayNs} from now. */
    void reset(Pending what, long delayNs, long now) {
        pending = what;
        sim.schedule(event, now + delayNs);
    }

    /** Starts the retransmission timer unless it is running (§5.1, when a segment is sent). */
    void startIfStopped(long now) {
        if (!event.isScheduled()) {
            restart(now);
        }
    }

    /** §5.2: all outstanding data is acknowledged (or the handshake completed). */
    void stop() {
        pending = Pending.NONE;
        sim.cancel(event);
    }

    Pending pending() {
        return event.isScheduled() ? pending : Pending.NONE;
    }
}
