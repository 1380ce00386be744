package dev.fqlab.sim.wifi;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.channel.StationChannel;
import java.util.List;

/**
 * What the parts of one WiFi channel share (scenario.md {@code link}, {@code stations}, {@code stack} and
 * {@code flows}): the clock, the scenario's WiFi records, each flow's station and AC, the seed their random streams
 * derive from, and where dropped and finished frames are reported. The medium, the AP and the stations each take
 * it instead of a long list of arguments.
 */
public final class WifiContext {
    final Simulator sim;
    /** The AP's kernel: its version's rules and its clock. */
    final Kernel kernel;
    final WifiLinkSpec link;
    final StackSpec stack;
    final List<StationSpec> stations;
    final DropListener drops;
    final TxCompletion completions;
    final long warmupNs;
    /** Each station's radio channel (or its fixed frame error rate), shared by the AP's and the station's draws. */
    final StationChannel[] channels;
    private final long seed;
    private final int[] stationOfFlow;
    private final int[] acOfFlow;

    /**
     * @param kernel the AP's kernel
     * @param drops told about every frame dropped on the way (queues, retry limit)
     * @param completions told about every MPDU the AP or a station has finished with (acknowledged or given up)
     */
    public WifiContext(Simulator sim, Scenario scenario, Kernel kernel, DropListener drops, TxCompletion completions) {
        this.sim = sim;
        this.kernel = kernel;
        this.link = (WifiLinkSpec) scenario.link();
        this.stack = scenario.stack();
        this.stations = scenario.stations();
        this.drops = drops;
        this.completions = completions;
        this.warmupNs = Time.seconds(scenario.warmupS());
        this.seed = scenario.seed();
        this.channels = new StationChannel[stations.size()];
        for (int s = 0; s < channels.length; s++) {
            channels[s] = StationChannel.of(link, stations.get(s), seed);
        }
        int n = scenario.flows().size();
        this.stationOfFlow = new int[n];
        this.acOfFlow = new int[n];
        for (int i = 0; i < n; i++) {
            FlowSpec f = scenario.flows().get(i);
            stationOfFlow[i] = indexOf(stations, f.station());
            acOfFlow[i] = f.ac().ordinal();
        }
    }

    private static int indexOf(List<StationSpec> stations, String name) {
        for (int i = 0; i < stations.size(); i++) {
            if (stations.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown station " + name);
    }

    /** The scenario's flows. */
    public int flows() {
        return stationOfFlow.length;
    }

    /** The index in {@code stations} of the flow's station. */
    public int stationOf(int flowId) {
        return stationOfFlow[flowId];
    }

    /** The ordinal of the flow's access category. */
    public int acOf(int flowId) {
        return acOfFlow[flowId];
    }

    /** The component's own random stream, derived from the scenario's seed. */
    RandomStream random(String name) {
        return RandomStream.of(seed, name);
    }
}
