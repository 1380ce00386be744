/**
 * 802.11 PHY and MAC timing from IEEE Std 802.11-2016 (cited by clause, table and equation in each class) and
 * the kernel-spec sections the model follows: {@link dev.fqlab.sim.wifi.phy.PhyMode} (data rates and PPDU
 * durations of 802.11a, HT and VHT), {@link dev.fqlab.sim.wifi.phy.MacFraming} (MPDU and A-MPDU byte counts),
 * {@link dev.fqlab.sim.wifi.phy.Edca} (slot, SIFS, AIFS, contention windows, TXOP limits),
 * {@link dev.fqlab.sim.wifi.phy.ControlFrames} (Ack and BlockAck) and
 * {@link dev.fqlab.sim.wifi.phy.PhyValidation} (which standard/width/MCS/stream combinations exist). Plain Java,
 * integer nanoseconds, no state.
 */
package dev.fqlab.sim.wifi.phy;
