/**
 * Rate control: which PHY rates a transmitter uses for each PPDU, behind {@link dev.fqlab.sim.wifi.rc.RateControl}.
 * Each PPDU carries a {@link dev.fqlab.sim.wifi.rc.RetryChain} (ath9k's four multi-rate-retry series) and, once the
 * hardware is done with it, its outcome goes back as mac80211's tx status ({@code ampdu_len}, {@code ampdu_ack_len},
 * tries per series). {@link dev.fqlab.sim.wifi.rc.FixedRate} is one series at the scenario's rate;
 * {@link dev.fqlab.sim.wifi.rc.MinstrelHt} is mac80211's {@code minstrel_ht} (net/mac80211/rc80211_minstrel_ht.c).
 * Rate control reads nothing but tx status: no SNR, no channel.
 */
package dev.fqlab.sim.wifi.rc;
