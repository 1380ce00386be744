package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.wifi.phy.PhyMode;

/**
 * A fixed per-MPDU loss probability whatever the mode, length and time: scenario.md {@code stations[].frameErrorRate}
 * (fqlab's model before the channel; 0 = a perfect channel).
 */
public final class FixedFrameErrors implements FrameErrors {
    private final double successProbability;

    /** @param frameErrorRate the probability that an MPDU is lost, in [0, 1) */
    public FixedFrameErrors(double frameErrorRate) {
        if (!(frameErrorRate >= 0 && frameErrorRate < 1)) {
            throw new IllegalArgumentException("frameErrorRate " + frameErrorRate);
        }
        this.successProbability = 1 - frameErrorRate;
    }

    @Override
    public double successProbability(PhyMode mode, int mpduBytes, long nowNs) {
        return successProbability;
    }
}
