package dev.fqlab.sim.wifi.mac80211;

import dev.fqlab.sim.qdisc.DrrFlow;

/**
 * A flow of mac80211's fq ({@code struct fq_flow}, kernel-spec §3.2) with its CoDel state (mac80211 keeps
 * {@code cvars[]} beside the flows; here they are one object). {@code tin} is the TXQ that owns the flow while it is
 * listed; null means the bucket is free.
 */
final class FqFlow extends DrrFlow {
    Txq tin;

    FqFlow(int index) {
        super(index);
    }
}
