package dev.fqlab.sim.wifi.mac80211;

/** Plain round robin over the active TXQs of an AC: served TXQs go to the tail. */
final class RoundRobinScheduler extends TxqScheduler {

    RoundRobinScheduler(Aql aql) {
        super(aql);
    }

    @Override
    public Txq next(int ac) {
        Txq head = null;
        while (true) {
            Txq t = firstOf(ac);
            if (t == null || t == head) {
                return null; // empty, or a full rotation found every TXQ throttled by AQL
            }
            if (head == null) {
                head = t;
            }
            if (!aql.mayDequeue(t.station, ac)) {
                moveToTail(t);
                continue;
            }
            return takeUnlessServed(t);
        }
    }

    @Override
    public void giveBack(Txq txq) {
        if (txq.hasWork() && !txq.scheduled) {
            addTail(txq);
        }
    }
}
