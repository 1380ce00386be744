package dev.fqlab.sim.wifi.mac80211;

/** Plain round robin over the active TXQs of an AC: served TXQs go to the tail. */
final class RoundRobinScheduler extends TxqScheduler {

    @Override
    public Txq next(int ac) {
        Txq t = firstOf(ac);
        if (t == null || t.round == currentRound(ac)) {
            return null;
        }
        unlink(t);
        t.round = currentRound(ac);
        return t;
    }

    @Override
    public void giveBack(Txq txq) {
        if (txq.hasWork() && !txq.scheduled) {
            addTail(txq);
        }
    }
}
