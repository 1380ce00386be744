package dev.fqlab.sim.scenario;

import dev.fqlab.sim.scenario.schema.JsonEnum;

/**
 * Whether a TCP sender paces (scenario.md {@code pacing}), as Linux decides it through {@code sk->sk_pacing_status}
 * (include/net/sock.h {@code enum sk_pacing}, net/ipv4/tcp_output.c {@code tcp_needs_internal_pacing}, net/sched/
 * sch_fq.c {@code fq_classify}).
 * <ul>
 *   <li>{@code auto}: Linux's default. The socket starts at {@code SK_PACING_NONE} (segments leave at line rate);
 *       the {@code fq} qdisc on the sender's own host sets {@code SK_PACING_FQ} when it first classifies one of the
 *       socket's packets, after which TCP stamps each skb with its earliest departure time and fq holds it until
 *       then. A congestion control that asks for pacing (BBR, {@code SK_PACING_NEEDED}) would pace internally; CUBIC
 *       and Reno do not ask.</li>
 *   <li>{@code on}: {@code SK_PACING_NEEDED} from the start — TCP's internal pacing with its hrtimer (as
 *       {@code SO_MAX_PACING_RATE} or BBR get); an fq qdisc on the sender's host still takes over
 *       ({@code SK_PACING_FQ}).</li>
 *   <li>{@code off}: never paced, even through fq (as fq's {@code nopacing} would do for this socket).</li>
 * </ul>
 * The pacing rate itself ({@code tcp_update_pacing_rate}) is computed in every mode: TCP Small Queues uses it.
 */
public enum PacingMode implements JsonEnum {
    AUTO, ON, OFF
}
