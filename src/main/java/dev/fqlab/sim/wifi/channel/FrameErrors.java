package dev.fqlab.sim.wifi.channel;

import dev.fqlab.sim.wifi.phy.PhyMode;

/** The chance that one MPDU crosses the air intact: a fixed rate (scenario {@code frameErrorRate}) or a channel's error model. */
public interface FrameErrors {
    /**
     * @param mode the PHY mode the PPDU is sent at
     * @param mpduBytes the MPDU's length on the air (MAC header, body and FCS)
     * @param nowNs the simulation time of the transmission
     * @return the probability that the MPDU is received without error
     */
    double successProbability(PhyMode mode, int mpduBytes, long nowNs);
}
