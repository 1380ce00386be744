package dev.fqlab.sim.qdisc;

import dev.fqlab.sim.packet.Packet;

/**
 * sch_fq's {@code struct fq_flow} (net/sched/sch_fq.c): one socket's (or one orphan hash's) packets — a FIFO for
 * packets whose departure times do not decrease and, for the rare one that goes back in time (a retransmission
 * behind paced segments), a list kept sorted by departure time in place of the kernel's {@code t_root} rb-tree —
 * with its DRR credit, band, its link in a new/old round-robin list, and {@code time_next_packet}.
 */
final class FqFlow {
    /** The socket id ({@link FqSockets#socket}), or -1 for an orphan hash. */
    final int socket;
    /** {@code f->sk}: the socket id, or {@code (hash << 1) | 1} for orphans; it picks the flow's tree. */
    final long key;
    /** {@code hash_ptr(sk, fq_trees_log)}: the tree whose garbage collection sees this flow. */
    final int root;

    Packet head;
    Packet tail;
    /** Packets out of departure order, sorted ({@code t_root}). */
    Packet sorted;
    int qlen;
    int credit;
    int band = Fq.DEFAULT_BAND;
    /** The next flow in the round-robin list the flow is on. */
    FqFlow next;
    /** {@code fq_flow_is_detached}: on no list, empty; {@link #age} says since when. */
    boolean detached = true;
    /** {@code jiffies | 1} when it was detached. */
    long age;
    /** {@code fq_flow_is_throttled}: in the delayed tree, on no list. */
    boolean throttled;
    long timeNextPacket;
    /** Insertion order in the delayed tree: equal times leave in the order they came (rb-tree insertion goes right). */
    long throttleOrder;
    /** The next flow of the same tree ({@link #root}). */
    FqFlow treeNext;

    FqFlow(int socket, long key, int root) {
        this.socket = socket;
        this.key = key;
        this.root = root;
    }

    /** {@code flow_queue_add}. */
    void add(Packet p) {
        if (head == null || p.timeToSend >= tail.timeToSend) {
            p.next = null;
            if (head == null) {
                head = p;
            } else {
                tail.next = p;
            }
            tail = p;
            return;
        }
        if (sorted == null || p.timeToSend < sorted.timeToSend) {
            p.next = sorted;
            sorted = p;
            return;
        }
        Packet at = sorted;
        while (at.next != null && at.next.timeToSend <= p.timeToSend) {
            at = at.next;
        }
        p.next = at.next;
        at.next = p;
    }

    /** {@code fq_peek}: the earlier of the FIFO head and the first sorted packet (the FIFO's on a tie). */
    Packet peek() {
        if (sorted == null) {
            return head;
        }
        if (head == null) {
            return sorted;
        }
        return sorted.timeToSend < head.timeToSend ? sorted : head;
    }

    /** {@code fq_erase_head}: removes {@code p}, which {@link #peek} returned. */
    void erase(Packet p) {
        if (p == head) {
            head = p.next;
        } else {
            sorted = p.next;
        }
        p.next = null;
    }
}
