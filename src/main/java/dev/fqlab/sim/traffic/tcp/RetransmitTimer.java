package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import java.util.function.LongConsumer;

/**
 * The retransmission timer of RFC 6298 §5 (Linux's {@code ICSK_TIME_RETRANS}, {@code inet_csk_reset_xmit_timer}):
 * it expires one RTO of {@link RttEstimator} after it was last (re)started; what expiry does is the sender's
 * ({@code tcp_retransmit_timer}, net/ipv4/tcp_timer.c).
 */
final class RetransmitTimer {
    private final Simulator sim;
    private final RttEstimator rtt;
    private final Event event;

    RetransmitTimer(Simulator sim, RttEstimator rtt, LongConsumer expired) {
        this.sim = sim;
        this.rtt = rtt;
        this.event = new Event() {
            @Override
            protected void fire(long now) {
                expired.accept(now);
            }
        };
    }

    /** (Re)starts it to expire one RTO from {@code now} (§5.1, §5.3, §5.6). */
    void restart(long now) {
        sim.schedule(event, now + rtt.rtoNs());
    }

    /** Starts it unless it is running (§5.1, when a segment is sent). */
    void startIfStopped(long now) {
        if (!event.isScheduled()) {
            restart(now);
        }
    }

    /** §5.2: all outstanding data is acknowledged (or the handshake completed). */
    void stop() {
        sim.cancel(event);
    }
}
