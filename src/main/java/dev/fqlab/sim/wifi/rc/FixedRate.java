package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * One rate for every PPDU (scenario {@code rateControl: "fixed"}): a chain of a single series with one try, so a
 * PPDU that gets no BlockAck/Ack is over and its MPDUs wait for the software retry (the BlockAck session), exactly as
 * the model behaved before rate control existed (architecture.md, "Radio"). Not a kernel algorithm: a bench setting,
 * like {@code iw dev wlan0 set bitrates ht-mcs-5 15} with the hardware retry count at 1.
 */
public final class FixedRate implements RateControl {
    private final PhyMode mode;

    public FixedRate(PhyMode mode) {
        this.mode = mode;
    }

    @Override
    public void fillChain(RetryChain chain, long nowNs) {
        chain.clear();
        chain.add(0, mode, 1, false);
    }

    @Override
    public void sent(RetryChain chain, long nowNs) {
    }

    @Override
    public void txStatus(RetryChain chain, int ampduLen, int ampduAckLen, long nowNs) {
    }

    @Override
    public PhyMode primaryMode() {
        return mode;
    }

    @Override
    public int rateSlots() {
        return 1;
    }

    @Override
    public PhyMode mode(int rate) {
        return rate == 0 ? mode : null;
    }

    @Override
    public String rateName(int rate) {
        return mode.toString();
    }
}
