package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.aqm.CodelVars;
import dev.fqlab.sim.packet.Packet;

/**
 * A flow of mac80211's fq ({@code struct fq_flow}) with its CoDel state (mac80211 keeps {@code cvars[]} beside
 * the flows; here they are one object). {@code tin} is the TXQ that owns the flow while it is listed.
 */
final class FqFlow extends CodelVars {
    /** Bucket index, or -1 for a TXQ's default flow. */
    final int index;
    Txq tin;
    Packet head;
    Packet tail;
    int packets;
    long backlog;
    int deficit;
    /** Which of its TXQ's lists the flow is on (null: none) and its links there. */
    FlowList list;
    FqFlow prev;
    FqFlow next;

    FqFlow(int index) {
        this.index = index;
    }

    void append(Packet p) {
        p.next = null;
        if (head == null) {
            head = p;
        } else {
            tail.next = p;
        }
        tail = p;
        packets++;
        backlog += p.length;
    }

    Packet removeHead() {
        Packet p = head;
        if (p == null) {
            return null;
        }
        head = p.next;
        if (head == null) {
            tail = null;
        }
        p.next = null;
        packets--;
        backlog -= p.length;
        return p;
    }

    /** An intrusive list of flows ({@code new_flows} / {@code old_flows} of a TXQ). */
    static final class FlowList {
        FqFlow first;
        FqFlow last;
        int length;

        boolean isEmpty() {
            return first == null;
        }

        void addTail(FqFlow f) {
            f.list = this;
            f.next = null;
            f.prev = last;
            if (last == null) {
                first = f;
            } else {
                last.next = f;
            }
            last = f;
            length++;
        }

        void remove(FqFlow f) {
            if (f.prev == null) {
                first = f.next;
            } else {
                f.prev.next = f.next;
            }
            if (f.next == null) {
                last = f.prev;
            } else {
                f.next.prev = f.prev;
            }
            f.prev = null;
            f.next = null;
            f.list = null;
            length--;
        }
    }
}
