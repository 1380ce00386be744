package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.phy.Edca;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One 802.11 channel with EDCA access, IEEE 802.11-2016 10.22.2: every transmitter has one EDCA function
 * (contender) per access category, with its own parameter set ({@link Edca#station}, or the AP's
 * {@link Edca#accessPoint}).
 *
 * <p><b>Backoff</b> (10.22.2.4): once the medium has been idle for AIFS[AC] the contender acts at each slot boundary:
 * it decrements its backoff counter, or transmits when the counter is already 0, so a counter of b transmits at
 * AIFS + b slots; contenders reaching the same boundary collide. At the boundary where another transmission begins
 * the medium was still idle, so a frozen counter has been decremented once more than DCF would (EDCA decrements at
 * the AIFS boundary itself; ns-3's {@code ChannelAccessManager::UpdateBackoff} does the same). Backoff is computed on
 * the slot grid, with no event per idle slot. Two ACs of one device reaching zero together are an internal
 * collision: the lower priority one backs off as after a failure.
 *
 * <p><b>Frame exchanges.</b> A TXOP starts with one PPDU; the peer's response (BlockAck after an A-MPDU, else Ack)
 * follows SIFS after it. {@link Transmitter#receive} draws, when the PPDU ends, which MPDUs got through:
 * <ul>
 *   <li>some did: the response is sent and the exchange succeeds; the contention window returns to CWmin. With a
 *       TXOP limit (VI 3.008 ms, VO 1.504 ms) the holder sends further PPDUs SIFS after each response while their
 *       exchanges fit in the limit, counted from the start of the TXOP (10.22.2.8); a failure ends the TXOP.</li>
 *   <li>none did (every MPDU lost): no response comes. The transmitter waits AckTimeout (aSIFSTime + aSlotTime +
 *       aRxPHYStartDelay = 50 µs, 10.3.2.9) from the end of its PPDU, then doubles its contention window and backs
 *       off; every other station heard a PPDU without a valid FCS and defers EIFS − DIFS + AIFS[AC] (10.3.2.3.7,
 *       10.22.2.4), 60 µs more than usual.</li>
 *   <li>two or more contenders started together (a collision): nothing is received. The medium is busy until the
 *       longest of the frames ends — the data PPDUs, or the RTS of a protected one, since its data is never sent.
 *       Each transmitter resumes AckTimeout (or CTSTimeout, the same value) after its own frame, but not before the
 *       medium is idle; everyone else defers with EIFS. This is Bianchi's model with T_c = T_PPDU + EIFS for the
 *       stations that listened, and T_PPDU + AckTimeout + AIFS for the transmitters.</li>
 * </ul>
 * The timeouts and EIFS belong to the device: all its ACs wait the same way (10.22.2.4 counts the AckTimeout of
 * another EDCAF of the same station).
 *
 * <p><b>RTS/CTS</b> (10.3.2.8 ff.): with a threshold, the first PPDU of a TXOP whose PSDU is longer than it is
 * preceded by RTS, SIFS, CTS, SIFS at the control rate ({@link dev.fqlab.sim.wifi.phy.ControlFrames#protectionNs});
 * later PPDUs of the same TXOP go without (the RTS/CTS already reserved the medium). A collision then costs the RTS
 * only. Linux compares the MPDU length ({@code skb->len + FCS_LEN}, mac80211 tx.c) or, for an A-MPDU, the aggregate's
 * length (ath9k {@code ath_tx_fill_desc}) with the threshold, {@code len > rts_threshold}.
 *
 * <p>A contender that still has frames draws a new backoff after each TXOP (post-backoff); a contender that becomes
 * active draws one too.
 */
public final class Medium {

    /** A device on the channel. */
    public interface Transmitter {
        /** Whether the device has something to send in this AC. */
        boolean hasFrames(int ac);

        /** The medium is granted: the PPDU to transmit now, or null if there is nothing after all. */
        Ppdu startTxop(int ac, long now);

        /**
         * Within a TXOP with a limit, after a successful exchange: the next PPDU, whose exchange (the PPDU, SIFS and
         * its response) lasts at most {@code remainingNs}; null to end the TXOP.
         */
        default Ppdu continueTxop(int ac, long remainingNs, long now) {
            return null;
        }

        /**
         * The PPDU ended without a collision: decide, per MPDU, whether the peer received it
         * ({@link Ppdu#received(int, boolean)}).
         *
         * @return whether any MPDU was received (the peer then answers)
         */
        boolean receive(int ac, Ppdu ppdu);

        /**
         * The exchange is over: the response came, or the timeout passed. {@link Ppdu#airtimeNs} holds what it
         * occupied.
         *
         * @param collided the PPDU collided, so nothing was received (its reception flags are not set)
         * @return whether the contention window returns to CWmin: an MPDU was acknowledged, or none is left to
         *     retransmit (all reached the retry limit; 10.22.2.4 resets CW[AC] then too)
         */
        boolean endTxop(int ac, Ppdu ppdu, boolean collided, long now);

        /** Priority among the device's own ACs when two reach zero together (an internal collision). */
        default int priority(int ac) {
            return ac;
        }
    }

    /** What a device's EDCA functions share: when they may count again after the last busy period. */
    private static final class Device {
        long resumeAt;
        /** The busy period {@link #resumeAt} belongs to; otherwise the device resumes with everyone else. */
        long epoch = -1;
    }

    /** One transmitter's EDCA function for one AC. */
    public final class Contender {
        final Transmitter owner;
        final Device device;
        final int ac;
        final long aifsNs;
        final int cwMin;
        final int cwMax;
        final long txopLimitNs;
        int cw;
        int backoff = -1;
        long countFrom;
        boolean active;
        Ppdu ppdu;
        /** In a collision: when this contender's own frame ends, and the timeout it waits after it. */
        long frameEnd;
        /** The owner's verdict on a collided TXOP: whether CW returns to CWmin. */
        boolean reset;
        long collisions;
        long txops;

        Contender(Transmitter owner, Device device, Edca.Parameters params) {
            this.owner = owner;
            this.device = device;
            this.ac = params.ac().ordinal();
            this.aifsNs = params.aifsNs();
            this.cwMin = params.cwMin();
            this.cwMax = params.cwMax();
            this.txopLimitNs = params.txopLimitNs();
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

    private enum Phase { PPDU, RESPONSE, COLLISION }

    private final Simulator sim;
    private final RandomStream backoffRandom;
    /** PSDUs longer than this are protected by RTS/CTS; {@link Integer#MAX_VALUE} when off. */
    private final long rtsThresholdBytes;
    private final Map<Transmitter, Device> devices = new IdentityHashMap<>();
    private final List<Contender> active = new ArrayList<>();
    private final List<Contender> winners = new ArrayList<>();
    private final List<Contender> transmitting = new ArrayList<>();
    private boolean busy;
    /** Inside the owners' completions at the end of a busy period: woken contenders are scheduled at its end. */
    private boolean ending;
    private Phase phase;
    /** The TXOP holder (one transmitter), when the TXOP started, and when the current busy period started. */
    private Contender holder;
    private long txopStart;
    private long busyStart;
    /** Busy periods so far; a device whose {@link Device#epoch} is this one resumes at its own time. */
    private long epoch;
    /** When the contenders of devices that did not transmit in the last busy period may count again. */
    private long othersResume;
    private long busyNs;
    private long collisionCount;
    private long protectedTxops;
    private long burstPpdus;
    private final Event phaseEnd = new Event() {
        @Override
        protected void fire(long now) {
            switch (phase) {
                case PPDU -> ppduEnded(now);
                case RESPONSE -> responseEnded(now);
                case COLLISION -> collisionEnded(now);
            }
        }
    };
    private final Event access = new Event() {
        @Override
        protected void fire(long now) {
            access(now);
        }
    };

    public Medium(Simulator sim, RandomStream backoffRandom) {
        this(sim, backoffRandom, null);
    }

    /** @param rtsThresholdBytes PSDUs longer than this are protected by RTS/CTS; null for none */
    public Medium(Simulator sim, RandomStream backoffRandom, Integer rtsThresholdBytes) {
        this.sim = sim;
        this.backoffRandom = backoffRandom;
        this.rtsThresholdBytes = rtsThresholdBytes == null ? Long.MAX_VALUE : rtsThresholdBytes;
    }

    /** A contender with the parameter set the stations use for {@code ac}. */
    public Contender contender(Transmitter owner, dev.fqlab.sim.scenario.AccessCategory ac) {
        return contender(owner, Edca.station(ac));
    }

    public Contender contender(Transmitter owner, Edca.Parameters params) {
        return new Contender(owner, devices.computeIfAbsent(owner, o -> new Device()), params);
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
            c.countFrom = Math.max(now, resumeAt(c));
            scheduleAccess();
        }
    }

    private int draw(Contender c) {
        return (int) backoffRandom.nextLong(c.cw + 1);
    }

    /** When the contender may start counting AIFS after the last busy period. */
    private long resumeAt(Contender c) {
        return c.device.epoch == epoch ? c.device.resumeAt : othersResume;
    }

    private void scheduleAccess() {
        long first = Long.MAX_VALUE;
        for (int i = 0, n = active.size(); i < n; i++) {
            first = Math.min(first, active.get(i).accessTime());
        }
        if (first == Long.MAX_VALUE) {
            sim.cancel(access);
        } else if (!access.isScheduled() || access.time() != first) {
            sim.schedule(access, first);
        }
    }

    private void access(long now) {
        winners.clear();
        for (int i = 0, n = active.size(); i < n; i++) {
            Contender c = active.get(i);
            if (c.accessTime() == now) {
                winners.add(c);
            }
        }
        transmitting.clear();
        for (int i = 0, n = winners.size(); i < n; i++) {
            Contender w = winners.get(i);
            if (lostInternally(w)) {
                // 10.22.2.4: the backoff procedure at this slot boundary, counting on from the next one
                w.cw = Math.min(2 * w.cw + 1, w.cwMax);
                w.backoff = draw(w);
                w.countFrom = now + Edca.SLOT_NS - w.aifsNs;
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
        }
        dropInactive();
        if (transmitting.isEmpty()) {
            scheduleAccess(); // nothing went on the air: the others keep counting
            return;
        }
        for (int i = 0, n = active.size(); i < n; i++) {
            Contender c = active.get(i);
            if (c.backoff >= 0 && !transmitting.contains(c) && !winners.contains(c)) {
                freeze(c, now);
            }
        }
        busy = true;
        busyStart = now;
        if (transmitting.size() == 1) {
            holder = transmitting.getFirst();
            txopStart = now;
            startExchange(now, true);
            return;
        }
        collisionCount++;
        long end = now;
        for (int i = 0, n = transmitting.size(); i < n; i++) {
            Contender w = transmitting.get(i);
            Ppdu ppdu = w.ppdu;
            ppdu.protectionNs = 0;
            ppdu.airtimeNs = protects(ppdu) ? ppdu.rtsNs : ppdu.ppduNs; // a protected PPDU loses only its RTS
            w.frameEnd = now + ppdu.airtimeNs;
            end = Math.max(end, w.frameEnd);
        }
        phase = Phase.COLLISION;
        sim.schedule(phaseEnd, end);
    }

    /** An internal collision: another AC of the same device with higher priority reached zero in this slot. */
    private boolean lostInternally(Contender w) {
        for (int i = 0, n = winners.size(); i < n; i++) {
            Contender other = winners.get(i);
            if (other != w && other.owner == w.owner && w.owner.priority(other.ac) > w.owner.priority(w.ac)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The medium turned busy at {@code now}: keep the slots counted down so far, one per slot boundary since (and
     * including) the AIFS boundary (10.22.2.4).
     */
    private static void freeze(Contender c, long now) {
        long sinceAifs = now - c.countFrom - c.aifsNs;
        if (sinceAifs >= 0) {
            c.backoff -= (int) Math.min(c.backoff, sinceAifs / Edca.SLOT_NS + 1);
        }
    }

    /** Longer than the RTS threshold, or sent at a rate series that asks for RTS/CTS ({@link Ppdu#rts}). */
    private boolean protects(Ppdu ppdu) {
        return ppdu.psduBytes() > rtsThresholdBytes || ppdu.rts;
    }

    /** The holder's next PPDU starts at {@code start}, protected by RTS/CTS if it is the TXOP's first and long. */
    private void startExchange(long start, boolean first) {
        Ppdu ppdu = holder.ppdu;
        ppdu.protectionNs = first && protects(ppdu) ? ppdu.rtsCtsNs : 0;
        if (ppdu.protectionNs > 0) {
            protectedTxops++;
        }
        phase = Phase.PPDU;
        sim.schedule(phaseEnd, start + ppdu.protectionNs + ppdu.ppduNs);
    }

    private void ppduEnded(long now) {
        Ppdu ppdu = holder.ppdu;
        if (holder.owner.receive(holder.ac, ppdu)) {
            phase = Phase.RESPONSE;
            long end = now + Edca.SIFS_NS + ppdu.responseNs;
            if (sim.continueAt(phaseEnd, end)) {
                responseEnded(end); // nothing else happens before the response ends: go on in place
            } else {
                sim.schedule(phaseEnd, end);
            }
            return;
        }
        // nothing was received: no response; the holder waits AckTimeout, everyone else EIFS
        Contender h = holder;
        holder = null;
        h.ppdu = null;
        ppdu.airtimeNs = ppdu.protectionNs + ppdu.ppduNs;
        h.frameEnd = now;
        transmitting.clear();
        transmitting.add(h);
        endBusy(now, true);
        ending = true;
        boolean reset = h.owner.endTxop(h.ac, ppdu, false, now); // learnt at once; the timeout delays access
        ending = false;
        finishContender(h, reset);
        resumeAll(now);
    }

    private void responseEnded(long now) {
        Ppdu ppdu = holder.ppdu;
        ppdu.airtimeNs = ppdu.protectionNs + ppdu.ppduNs + Edca.SIFS_NS + ppdu.responseNs;
        ending = true;
        holder.owner.endTxop(holder.ac, ppdu, false, now);
        ending = false;
        holder.cw = holder.cwMin;
        if (holder.txopLimitNs > 0) {
            long next = now + Edca.SIFS_NS;
            long remaining = txopStart + holder.txopLimitNs - next;
            Ppdu more = remaining > 0 ? holder.owner.continueTxop(holder.ac, remaining, now) : null;
            if (more != null) {
                holder.ppdu = more;
                burstPpdus++;
                startExchange(next, false);
                return;
            }
        }
        holder.ppdu = null;
        transmitting.clear();
        endBusy(now, false);
        finishContender(holder, true);
        holder = null;
        resumeAll(now);
    }

    private void collisionEnded(long now) {
        endBusy(now, true);
        ending = true;
        for (int i = 0, n = transmitting.size(); i < n; i++) {
            Contender w = transmitting.get(i);
            Ppdu ppdu = w.ppdu;
            w.ppdu = null;
            w.reset = w.owner.endTxop(w.ac, ppdu, true, now);
            w.collisions++;
        }
        ending = false;
        for (int i = 0, n = transmitting.size(); i < n; i++) {
            Contender w = transmitting.get(i);
            finishContender(w, w.reset);
        }
        resumeAll(now);
    }

    /**
     * The medium is idle from {@code now}. After a failed exchange ({@code errored}) the transmitters resume
     * AckTimeout after their own frame (not before {@code now}), everyone else EIFS − DIFS later than usual.
     */
    private void endBusy(long now, boolean errored) {
        busy = false;
        busyNs += now - busyStart;
        epoch++;
        othersResume = errored ? now + Edca.EIFS_MINUS_DIFS_NS : now;
        if (errored) {
            for (int i = 0, n = transmitting.size(); i < n; i++) {
                Contender w = transmitting.get(i);
                w.device.epoch = epoch;
                w.device.resumeAt = Math.max(w.frameEnd + Edca.ACK_TIMEOUT_NS, now);
            }
        }
    }

    /** After its TXOP: CW back to CWmin or doubled, a new backoff if the owner still has frames. */
    private void finishContender(Contender w, boolean reset) {
        w.cw = reset ? w.cwMin : Math.min(2 * w.cw + 1, w.cwMax);
        if (w.owner.hasFrames(w.ac)) {
            w.backoff = draw(w);
        } else {
            w.active = false;
        }
    }

    /**
     * Every contender counts again from its resume time. Owners may have woken contenders during their completion
     * handling (a receiver's TCP answers at once); they joined without scheduling and count like everyone else.
     */
    private void resumeAll(long now) {
        dropInactive();
        for (int i = 0, n = active.size(); i < n; i++) {
            Contender c = active.get(i);
            c.countFrom = Math.max(now, resumeAt(c));
        }
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

    /** Time the channel carried TXOPs (from the first frame to the last response, or to the end of a collision). */
    public long busyNs() {
        return busyNs;
    }

    /** TXOPs in which two or more transmitters collided. */
    public long collisions() {
        return collisionCount;
    }

    /** TXOPs whose first PPDU was protected by RTS/CTS. */
    public long protectedTxops() {
        return protectedTxops;
    }

    /** PPDUs sent after the first within a TXOP (TXOP bursting). */
    public long burstPpdus() {
        return burstPpdus;
    }
}
