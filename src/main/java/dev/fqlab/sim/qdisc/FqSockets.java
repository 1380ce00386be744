package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.Packet;

/**
 * What sch_fq reads from {@code skb->sk} (net/sched/sch_fq.c {@code fq_classify}, {@code fq_dequeue}) on the host
 * whose qdisc it is: whether the packet was sent by a full socket of this host, that socket's
 * {@code sk_pacing_rate}, and the {@code SK_PACING_FQ} store. A forwarded packet has no socket here (its
 * {@code skb->sk} is NULL), so fq treats it as orphaned and classifies it by hash.
 */
public interface FqSockets {

    /** {@code skb->sk}: an id ≥ 0 of the socket of this host that sent {@code p}, or -1 when it has none here. */
    int socket(Packet p);

    /** {@code sk->sk_pacing_rate} of {@code p}'s socket, bytes per second; {@link Long#MAX_VALUE} for {@code ~0UL}. */
    long pacingRate(Packet p);

    /** {@code smp_store_release(&sk->sk_pacing_status, SK_PACING_FQ)} on {@code p}'s socket. */
    void pacedByFq(Packet p);

    /** A router's view: every packet is forwarded. */
    FqSockets FORWARDED = new FqSockets() {
        @Override
        public int socket(Packet p) {
            return -1;
        }

        @Override
        public long pacingRate(Packet p) {
            return Long.MAX_VALUE;
        }

        @Override
        public void pacedByFq(Packet p) {
        }
    };
}
