package dev.fqlab.sim.wifi.mac80211;

/** Plain round robin over the active TXQs of an AC: served TXQs go to the tail. */
final class RoundRobinScheduler extends TxqScheduler {

    RoundRobinScheduler(Aql aql) {
        super(aql);
    }

    /** Every TXQ that AQL lets dequeue takes its turn. */
    @Override
    protected boolean mayServe(Txq t, int ac, boolean aqlAllows) {
        return aqlAllows;
    }

    @Override
    public void giveBack(Txq txq) {
        if (txq.hasWork() && !txq.scheduled) {
            addTail(txq);
        }
    }
}
