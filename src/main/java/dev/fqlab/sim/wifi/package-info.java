/**
 * The 802.11 channel and the stacks that feed it (kernel-spec §3–§5): the EDCA medium, A-MPDU aggregation with
 * BlockAck sessions and reorder buffers ({@code mac}), mac80211's TXQs, fq and station schedulers
 * ({@code mac80211}), the driver dequeue strategies and the host CPU ({@code driver}), and the nodes that own
 * them ({@link dev.fqlab.sim.wifi.AccessPoint}, {@link dev.fqlab.sim.wifi.StationNode}). PHY timing lives in
 * {@code phy}.
 */
package dev.fqlab.sim.wifi;
