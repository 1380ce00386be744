package dev.fqlab.sim.qdisc;

/**
 * An intrusive list of {@link DrrFlow}s: the {@code new_flows} or {@code old_flows} of fq_codel (kernel-spec §2.2)
 * or of a mac80211 TXQ (§3.2). A flow is on at most one list; "on no list" means inactive.
 */
public final class DrrList<F extends DrrFlow> {
    private DrrFlow first;
    private DrrFlow last;
    private int length;

    public boolean isEmpty() {
        return first == null;
    }

    @SuppressWarnings("unchecked")
    public F first() {
        return (F) first;
    }

    public int length() {
        return length;
    }

    public void addTail(F f) {
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

    public void remove(F f) {
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

    /** {@code list_move_tail}: takes {@code f} off whatever list it is on and appends it here. */
    @SuppressWarnings("unchecked")
    public void moveToTail(F f) {
        if (f.list == this && last == f) {
            return; // already there: taking it off and appending it again would restore every link
        }
        if (f.list != null) {
            ((DrrList<F>) f.list).remove(f);
        }
        addTail(f);
    }
}
