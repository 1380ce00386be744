/**
 * The AP's driver below mac80211 (kernel-spec §5): one class per dequeue strategy behind {@link
 * dev.fqlab.sim.wifi.driver.ApDriver} — ath9k's aggregate driver and the ath10k firmware drivers (per-wake,
 * drain-all, budget, pull) — and the legacy buffer for stacks without TXQs, all sharing the {@code HostCpu} model
 * and chosen in {@link dev.fqlab.sim.wifi.driver.Drivers}. The AP offers them its TXQs, sessions and medium
 * through {@link dev.fqlab.sim.wifi.driver.DriverHost}.
 */
package dev.fqlab.sim.wifi.driver;
