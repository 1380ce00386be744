package dev.fqlab.sim.bench;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.scenario.Scenario;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The many-stations scenario of issue 16: {@code n} 802.11n stations (20 MHz, HT MCS 7, fixed rate, no channel)
 * behind mac80211's TXQs with the airtime scheduler and AQL (the kernel defaults, 5/12/24 ms), each sent a UDP
 * flood of {@code 120 / n} Mbit/s (1500-byte packets, 1 ms jitter): together twice what the channel carries, so
 * the air is busy and the total offered and delivered load is the same whatever {@code n}; only the number of
 * stations the scheduler and AQL walk changes.
 */
final class ManyStations {
    static final double OFFERED_MBPS = 120;

    private ManyStations() {
    }

    static Scenario scenario(int n, double durationS) {
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode doc = json.createObjectNode();
        doc.put("name", "stations-" + n).put("durationS", durationS).put("warmupS", Math.min(1, durationS / 10))
                .put("sampleIntervalMs", 0);
        doc.putObject("link").put("type", "wifi").put("standard", "802.11n").put("channelWidthMhz", 20);
        ObjectNode stack = doc.putObject("stack");
        stack.putObject("scheduler").put("type", "airtime");
        stack.putObject("aql").put("enabled", true);
        ArrayNode stations = doc.putArray("stations");
        ArrayNode flows = doc.putArray("flows");
        for (int i = 1; i <= n; i++) {
            stations.addObject().put("name", "sta" + i).put("mcs", 7);
            flows.addObject().put("name", "udp" + i).put("type", "udp").put("station", "sta" + i)
                    .put("rateMbps", OFFERED_MBPS / n).put("packetBytes", 1500).put("jitterMs", 1);
        }
        var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc);
        if (!parsed.errors().isEmpty()) {
            throw new IllegalArgumentException(parsed.errors().toString());
        }
        return parsed.scenario();
    }
}
