/**
 * The radio channel between the AP and each station and the frame-error model (architecture.md: Radio): an SNR
 * per station and direction, given or from a log-distance path loss ({@link dev.fqlab.sim.wifi.channel.LinkBudget},
 * ns-3's LogDistancePropagationLossModel), optionally stepping and fading over time
 * ({@link dev.fqlab.sim.wifi.channel.SnrTrace}); ns-3's {@link dev.fqlab.sim.wifi.channel.NistErrorRateModel} turns
 * SNR, mode and MPDU length into a success probability. The MAC draws every MPDU's fate through
 * {@link dev.fqlab.sim.wifi.channel.FrameErrors}. Plain Java; randomness (the fade) only from a RandomStream.
 */
package dev.fqlab.sim.wifi.channel;
