package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.scenario.SchedulerSpec;

/**
 * Which TXQ the driver serves next, per access category: mac80211's {@code ieee80211_schedule_txq},
 * {@code ieee80211_txq_schedule_start}, {@code ieee80211_next_txq} and {@code ieee80211_return_txq}
 * (kernel-spec §4.3). A scheduling pass serves each TXQ at most once. As in the DRR scheduler since AQL (v5.5;
 * v5.14–v5.19 had the virtual-time one instead), {@code next_txq} skips TXQs whose station AQL throttles (rotating
 * them to the tail) and gives up after a full rotation finds none eligible. From v6.0 (with AQL) a pass also opens
 * only while the AC's pending airtime is below the per-AC limit ({@link Aql#roundMayStart}); otherwise its round is
 * 0 and {@code next_txq} returns nothing.
 */
public abstract class TxqScheduler {
    private final Txq[] first = new Txq[4];
    private final Txq[] last = new Txq[4];
    /** TXQs on each AC's list ({@code active_txqs[ac]}), for the per-AC AQL limit. */
    private final int[] listed = new int[4];
    /** {@code schedule_round[ac]}: 0 while AQL keeps the round closed. */
    private final long[] round = new long[4];
    protected final Aql aql;

    protected TxqScheduler(Aql aql) {
        this.aql = aql;
    }

    public static TxqScheduler create(SchedulerSpec spec, int stations, int[] airtimeWeights, Aql aql) {
        return switch (spec) {
            case SchedulerSpec.RoundRobin r -> new RoundRobinScheduler(aql);
            case SchedulerSpec.Airtime a -> new AirtimeScheduler(a, stations, airtimeWeights, aql);
        };
    }

    /** The TXQ has frames: make sure it is on its AC's list ({@code ieee80211_schedule_txq}). */
    public void schedule(Txq txq) {
        if (!txq.scheduled) {
            addTail(txq);
        }
    }

    /**
     * Begins a scheduling pass ({@code ieee80211_txq_schedule_start}): a new round, or round 0 (closed) when the AC's
     * pending airtime is over its limit.
     */
    public void startRound(int ac) {
        if (aql.roundMayStart(ac, listed[ac])) {
            round[ac]++;
            if (round[ac] == 0) {
                round[ac]++;
            }
        } else {
            round[ac] = 0;
        }
    }

    /**
     * The next TXQ to serve in this pass, taken off the list, or null ({@code ieee80211_next_txq}, v6.0+ order): the
     * head TXQ is served if {@link #mayServe} says so, else rotated to the tail; a full rotation without a TXQ that AQL
     * lets dequeue ends the search.
     */
    public Txq next(int ac) {
        if (round[ac] == 0) {
            return null; // no round open (never started, or closed by the per-AC AQL limit)
        }
        Txq head = null;
        boolean foundEligible = false;
        while (true) {
            Txq t = first[ac];
            if (t == null) {
                return null;
            }
            if (t == head) {
                if (!foundEligible) {
                    return null; // a full rotation: AQL throttles every TXQ
                }
                foundEligible = false;
            }
            if (head == null) {
                head = t;
            }
            boolean aqlAllows = aql.mayDequeue(t.station, ac);
            foundEligible |= aqlAllows;
            if (!mayServe(t, ac, aqlAllows)) {
                moveToTail(t);
                continue;
            }
            return takeUnlessServed(t);
        }
    }

    /** Whether the TXQ at the head of its AC's list is served now (else it goes to the tail). */
    protected abstract boolean mayServe(Txq t, int ac, boolean aqlAllows);

    /** The driver is done with the TXQ for now ({@code ieee80211_return_txq}). */
    public abstract void giveBack(Txq txq);

    /** Airtime a station used (TX at completion, RX at reception), for airtime fairness. */
    public void chargeAirtime(int station, int ac, long txNs, long rxNs) {
    }

    /**
     * The end of {@code next_txq}: null when {@code t} was already served in this pass (which ends the pass), else
     * {@code t}, taken off the list and marked served.
     */
    protected Txq takeUnlessServed(Txq t) {
        if (t.round == round[t.ac]) {
            return null;
        }
        unlink(t);
        t.round = round[t.ac];
        return t;
    }

    protected void addTail(Txq t) {
        listed[t.ac]++;
        t.scheduled = true;
        t.schedNext = null;
        t.schedPrev = last[t.ac];
        if (last[t.ac] == null) {
            first[t.ac] = t;
        } else {
            last[t.ac].schedNext = t;
        }
        last[t.ac] = t;
    }

    protected void addHead(Txq t) {
        listed[t.ac]++;
        t.scheduled = true;
        t.schedPrev = null;
        t.schedNext = first[t.ac];
        if (first[t.ac] == null) {
            last[t.ac] = t;
        } else {
            first[t.ac].schedPrev = t;
        }
        first[t.ac] = t;
    }

    protected void unlink(Txq t) {
        listed[t.ac]--;
        if (t.schedPrev == null) {
            first[t.ac] = t.schedNext;
        } else {
            t.schedPrev.schedNext = t.schedNext;
        }
        if (t.schedNext == null) {
            last[t.ac] = t.schedPrev;
        } else {
            t.schedNext.schedPrev = t.schedPrev;
        }
        t.schedPrev = null;
        t.schedNext = null;
        t.scheduled = false;
    }

    protected void moveToTail(Txq t) {
        unlink(t);
        addTail(t);
    }
}
