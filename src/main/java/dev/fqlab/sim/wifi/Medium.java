package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.phy.Edca;
import java.util.ArrayList;
import java.util.List;

/**
 * One 802.11 channel with EDCA access (IEEE 802.11-2016 §10.22.2): every transmitter has one contender per access
 * category. After the medium has been idle for a contender's AIFS it counts its backoff down one slot at a time;
 * the first to reach zero transmits, and every contender reaching zero in the same slot transmits too, which is a
 * collision. Others freeze their counters while the medium is busy. Backoff is computed on the slot grid, with no
 * event per idle slot: one event for the next access, one for the end of the TXOP.
 *
 * <p>A TXOP is one PPDU, SIFS and the response (BlockAck for an A-MPDU, else ACK); after a collision the
 * transmitters wait as long before they notice the missing response. Success resets the contention window to
 * CWmin; a collision, or a PPDU whose MPDUs all failed, doubles it up to CWmax. A contender that still has frames
 * draws a new backoff after each TXOP (post-backoff); a contender that becomes active draws one too.
 */
public final class Medium {

    /** A device on the channel. */
    public interface Transmitter {
        /** Whether the device has something to send in this AC. */
        boolean hasFrames(int ac);

        /** The medium is granted: the PPDU to transmit now, or null if there is nothing after all. */
        Ppdu startTxop(int ac, long now);

        /**
         * The TXOP is over.
         *
         * @param collided no MPDU was received (another transmitter used the same slot)
         * @return whether any MPDU was acknowledged
         */
        boolean endTxop(int ac, Ppdu ppdu, boolean collided, long now);

        /** Priority among the device's own ACs when two reach zero together (an internal collision). */
        default int priority(int ac) {
            return ac;
        }
    }

    /** One transmitter's EDCA function for one AC. */
    public final class Contender {
        final Transmitter owner;
        final int ac;
        final long aifsNs;
        final int cwMin;
        final int cwMax;
        int cw;
        int backoff = -1;
        long countFrom;
        boolean active;
        Ppdu ppdu;
        long collisions;
        long txops;

        Contender(Transmitter owner, AccessCategory category) {
            this.owner = owner;
            this.ac = category.ordinal();
            this.aifsNs = Edca.aifsNs(category);
            this.cwMin = Edca.cwMin(category);
            this.cwMax = Edca.cwMax(category);
            this.cw = cwMin;
        }

        /** The moment this contender's backoff reaches zero if the medium stays idle. */
        long accessTime() {
            return countFrom + aifsNs + (long) backoff * Edca.SLOT_NS;
        }

        public long collisions() {
            return collisions;
        }

        public long txops() {
            return txops;
        }
    }

    private final Simulator sim;
    private final RandomStream backoffRandom;
    private final List<Contender> active = new ArrayList<>();
    private final List<Contender> winners = new ArrayList<>();
    private final List<Contender> transmitting = new ArrayList<>();
    private boolean busy;
    /** Inside {@link #endTxop}: owners' completion handling may wake contenders, which are scheduled at its end. */
    private boolean ending;
    private long idleSince;
    private long busyNs;
    private long collisionCount;
    private final Event access = new Event() {
        @Override
        protected void fire(long now) {
            access(now);
        }
    };
    private final Event txopEnd = new Event() {
        @Override
        protected void fire(long now) {
            endTxop(now);
        }
    };

    public Medium(Simulator sim, RandomStream backoffRandom) {
        this.sim = sim;
        this.backoffRandom = backoffRandom;
    }

    public Contender contender(Transmitter owner, AccessCategory ac) {
        return new Contender(owner, ac);
    }

    /** The owner may have frames for this contender's AC: start contending if it was not. */
    public void wake(Contender c, long now) {
        if (c.active || !c.owner.hasFrames(c.ac)) {
            return;
        }
        c.active = true;
        if (c.backoff < 0) {
            c.backoff = draw(c);
        }
        active.add(c);
        if (!busy && !ending) {
            c.countFrom = Math.max(now, idleSince);
            scheduleAccess();
        }
    }

    private int draw(Contender c) {
        return (int) backoffRandom.nextLong(c.cw + 1);
    }

    private void scheduleAccess() {
        long first = Long.MAX_VALUE;
        for (Contender c : active) {
            first = Math.min(first, c.accessTime());
        }
        if (first == Long.MAX_VALUE) {
            sim.cancel(access);
        } else if (!access.isScheduled() || access.time() != first) {
            sim.schedule(access, first);
        }
    }

    private void access(long now) {
        winners.clear();
        for (Contender c : active) {
            if (c.accessTime() == now) {
                winners.add(c);
            } else {
                freeze(c, now);
            }
        }
        transmitting.clear();
        long longest = 0;
        for (Contender w : winners) {
            if (lostInternally(w)) {
                w.cw = Math.min(2 * w.cw + 1, w.cwMax);
                w.backoff = draw(w);
                continue;
            }
            w.backoff = -1;
            Ppdu ppdu = w.owner.startTxop(w.ac, now);
            if (ppdu == null) {
                w.active = false;
                continue;
            }
            w.ppdu = ppdu;
            w.txops++;
            transmitting.add(w);
            longest = Math.max(longest, ppdu.ppduNs + Edca.SIFS_NS + response(ppdu));
        }
        dropInactive();
        if (transmitting.isEmpty()) {
            for (Contender c : active) {
                c.countFrom = now;
            }
            scheduleAccess();
            return;
        }
        busy = true;
        busyNs += longest;
        if (transmitting.size() > 1) {
            collisionCount++;
        }
        sim.schedule(txopEnd, now + longest);
    }

    /** An internal collision: another AC of the same device with higher priority reached zero in this slot. */
    private boolean lostInternally(Contender w) {
        for (Contender other : winners) {
            if (other != w && other.owner == w.owner && w.owner.priority(other.ac) > w.owner.priority(w.ac)) {
                return true;
            }
        }
        return false;
    }

    /** The medium turned busy at {@code now}: keep the slots counted down so far. */
    private static void freeze(Contender c, long now) {
        long counted = now - c.countFrom - c.aifsNs;
        if (counted > 0) {
            c.backoff -= (int) Math.min(c.backoff, counted / Edca.SLOT_NS);
        }
    }

    private static long response(Ppdu ppdu) {
        return ppdu.responseNs;
    }

    private void endTxop(long now) {
        busy = false;
        ending = true;
        idleSince = now;
        boolean collided = transmitting.size() > 1;
        for (Contender w : transmitting) {
            Ppdu ppdu = w.ppdu;
            w.ppdu = null;
            boolean delivered = w.owner.endTxop(w.ac, ppdu, collided, now);
            if (collided) {
                w.collisions++;
            }
            w.cw = delivered ? w.cwMin : Math.min(2 * w.cw + 1, w.cwMax);
            if (w.owner.hasFrames(w.ac)) {
                w.backoff = draw(w);
            } else {
                w.active = false;
            }
        }
        ending = false;
        dropInactive();
        for (Contender c : active) {
            c.countFrom = now;
        }
        // Owners may have woken contenders during their completion handling (a receiver's TCP answers at once);
        // they joined without scheduling and count from now like everyone else.
        scheduleAccess();
    }

    /** Removes contenders that stopped contending, keeping the others' order (no allocation, unlike removeIf). */
    private void dropInactive() {
        int kept = 0;
        for (int i = 0; i < active.size(); i++) {
            Contender c = active.get(i);
            if (c.active) {
                active.set(kept++, c);
            }
        }
        while (active.size() > kept) {
            active.remove(active.size() - 1);
        }
    }

    public boolean busy() {
        return busy;
    }

    /** Time the channel carried TXOPs. */
    public long busyNs() {
        return busyNs;
    }

    /** TXOPs in which two or more transmitters collided. */
    public long collisions() {
        return collisionCount;
    }
}
