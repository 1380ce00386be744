package dev.fqlab.sim.wifi.rc;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;

/** Picks a station's rate control from scenario.md {@code stations[].rateControl}: the one line per algorithm. */
public final class RateControls {
    private RateControls() {
    }

    /**
     * One direction's rate control for {@code station} (the AP's toward it, or its own toward the AP).
     *
     * @param random the stream Minstrel-HT's sample table draws from (unused for a fixed rate)
     */
    public static RateControl create(WifiLinkSpec link, StationSpec station, RandomStream random, long nowNs) {
        if (station.rateControl() != RateControlType.MINSTREL_HT) {
            return new FixedRate(PhyMode.of(link, station));
        }
        return new MinstrelHt(rateSet(link, station), random, nowNs);
    }

    /** The rates Minstrel-HT may use toward the station: everything up to its {@code mcs} (or legacy rate). */
    static RateSet rateSet(WifiLinkSpec link, StationSpec station) {
        return switch (link.standard()) {
            case A -> RateSet.legacy(station.legacyRateMbps() != null ? station.legacyRateMbps()
                    : link.legacyRateMbps());
            case N -> RateSet.of(PhyStandard.N, station.mcs(), station.mcs() / 8 + 1, link.channelWidthMhz(),
                    link.shortGuardInterval());
            case AC -> RateSet.of(PhyStandard.AC, station.mcs(),
                    station.spatialStreams() == null ? 1 : station.spatialStreams(), link.channelWidthMhz(),
                    link.shortGuardInterval());
        };
    }
}
