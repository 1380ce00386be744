package dev.fqlab.validation;

import dev.fqlab.validation.ReferenceCase.Comparison;
import java.util.List;
import java.util.function.ToDoubleFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fidelity scorecard's cases: each names its outside source and computes its reference from it, never from
 * fqlab. Each runs in about a second or two of engine time, so the whole card takes well under a minute on one worker.
 */
public final class ReferenceCases {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Ethernet header on the wire of fqlab's wired link ({@code l2OverheadBytes} default), bytes. */
    private static final int ETHERNET = 14;
    private static final int UDP_IP_HEADERS = 28;

    private ReferenceCases() {
    }

    public static List<ReferenceCase> all() {
        return List.of(wiredCapacity(), fqCodelByteFairness(), dcf(1), dcf(10), dcfRtsCts(10), nistPer(), mathis(0.001),
                seed003Stock(), seed003Packets(), seed004("per-wake", 1380), seed004("drain-all", 1310));
    }

    /** One UDP flood on a 10 Mbit/s Ethernet link: goodput = rate × payload / frame (results.md's goodput). */
    static ReferenceCase wiredCapacity() {
        double reference = 10.0 * (1500 - UDP_IP_HEADERS) / (1500 + ETHERNET);
        return new ReferenceCase("Wired link goodput, 10 Mbit/s, 1500-byte UDP",
                "Ethernet framing (14-byte header) and results.md's goodput: 10 × 1472 / 1514 Mbit/s",
                "goodput (Mbit/s)", request("""
                        {"durationS": 5, "warmupS": 1, "link": {"type": "wired", "rateMbps": 10},
                         "stack": {"qdisc": {"type": "pfifo"}},
                         "flows": [{"name": "flood", "type": "udp", "rateMbps": 20, "packetBytes": 1500}]}"""),
                result -> reference, Comparison.WITHIN, 0.005, flow("flood", "throughputMbps"));
    }

    /** fq_codel's DRR on bytes: a 1500-byte and a 300-byte flood get equal bytes on the wire. */
    static ReferenceCase fqCodelByteFairness() {
        return new ReferenceCase("fq_codel byte fairness, 1500- vs 300-byte floods at 10 Mbit/s",
                "Linux net/sched/sch_fq_codel.c (v6.6): deficit round robin over qdisc_pkt_len, quantum 1514: "
                        + "equal wire bytes per backlogged flow",
                "wire bytes, big flow / small flow", request("""
                        {"durationS": 10, "warmupS": 1, "link": {"type": "wired", "rateMbps": 10},
                         "stack": {"qdisc": {"type": "fq_codel"}},
                         "flows": [{"name": "big", "type": "udp", "rateMbps": 20, "packetBytes": 1500},
                                   {"name": "small", "type": "udp", "rateMbps": 20, "packetBytes": 300}]}"""),
                result -> 1.0, Comparison.WITHIN, 0.02, result -> {
                    double big = flow("big", "throughputMbps").applyAsDouble(result) * (1500 + ETHERNET) / (1500 - UDP_IP_HEADERS);
                    double small = flow("small", "throughputMbps").applyAsDouble(result) * (300 + ETHERNET) / (300 - UDP_IP_HEADERS);
                    return big / small;
                });
    }

    /** n saturated 802.11a stations at 54 Mbit/s sending 1500-byte UDP to the AP. */
    static ReferenceCase dcf(int n) {
        return new ReferenceCase("DCF saturation, 802.11a 54 Mbit/s, n = " + n,
                "G. Bianchi, IEEE JSAC 18(3) 2000, eq. 13, with the retry limit of Wu et al. (INFOCOM 2002); "
                        + "IEEE 802.11-2016 17.4.4, 10.3.2 timings",
                "summed goodput (Mbit/s)", saturatedUplink(n, 54, null),
                result -> Dcf.basicAccessMbps(54, n), Comparison.WITHIN, 0.02, ReferenceCases::stationsGoodput);
    }

    static ReferenceCase dcfRtsCts(int n) {
        return new ReferenceCase("DCF saturation with RTS/CTS, 802.11a 54 Mbit/s, n = " + n,
                "G. Bianchi, IEEE JSAC 18(3) 2000, RTS/CTS access; IEEE 802.11-2016 10.3.2.7 (CTSTimeout)",
                "summed goodput (Mbit/s)", saturatedUplink(n, 54, 0),
                result -> Dcf.rtsCtsMbps(54, n), Comparison.WITHIN, 0.01, ReferenceCases::stationsGoodput);
    }

    /**
     * An HT MCS 7 station at the SNR where ns-3's NIST model loses half of the 1500-byte MPDUs (1462-byte IP packets
     * + 38 bytes of QoS header, LLC/SNAP and FCS): the error rate fqlab draws over some 20 000 MPDUs.
     */
    static ReferenceCase nistPer() {
        return new ReferenceCase("Frame errors, HT MCS 7 at 23.15 dB, 1500-byte MPDUs",
                "ns-3 src/wifi/model/nist-error-rate-model.cc (ns-3.48), compiled and run (src/test/ns3-nist/run.sh): "
                        + "PER 50 % at 23.1511 dB",
                "MPDU error rate", request("""
                        {"durationS": 5, "warmupS": 1, "link": {"type": "wifi"},
                         "stations": [{"name": "sta1", "mcs": 7, "snrDb": 23.1511, "rateControl": "fixed"}],
                         "flows": [{"name": "down", "type": "udp", "station": "sta1", "rateMbps": 40, "packetBytes": 1462}]}"""),
                result -> 0.5, Comparison.WITHIN, 0.05,
                result -> result.at("/stations/0/channel/mpduErrorRate").asDouble(Double.NaN));
    }

    /** Reno under random loss p on a path that never queues (1 Gbit/s, 40 ms). */
    static ReferenceCase mathis(double p) {
        return new ReferenceCase("Reno under " + p * 100 + " % random loss, 40 ms",
                "M. Mathis, J. Semke, J. Mahdavi, T. Ott, CCR 27(3) 1997: BW = MSS / RTT × √(3/2) / √p, with the "
                        + "flow's mean RTT sample",
                "goodput (Mbit/s)", request("""
                        {"durationS": 100, "warmupS": 10, "wiredRttMs": 40,
                         "link": {"type": "wired", "rateMbps": 1000, "lossRate": %s},
                         "stack": {"qdisc": {"type": "fq_codel"}},
                         "flows": [{"name": "reno", "type": "tcp", "congestionControl": "reno"}]}""".formatted(p)),
                result -> {
                    double rttS = flow("reno", "tcp", "meanRttMs").applyAsDouble(result) / 1000;
                    return 1448 * 8 / rttS * Math.sqrt(1.5 / p) / 1e6;
                }, Comparison.WITHIN, 0.2, flow("reno", "throughputMbps"));
    }

    static ReferenceCase seed003Stock() {
        return new ReferenceCase("Seed 003, stock fq_codel (byte quantum): sparse probe p50",
                "docs/seeds/003-fq-codel-better-mixing.txt (Dave Täht, cerowrt-devel): ~36 ms; presets.md: at least 10 ms",
                "probe one-way latency p50 (ms)", preset("seed-003-bytes"), result -> 10.0, Comparison.AT_LEAST, 0,
                flow("probe", "latencyMs", "p50"));
    }

    static ReferenceCase seed003Packets() {
        return new ReferenceCase("Seed 003, better mixing (one packet per new flow): sparse probe p50",
                "docs/seeds/003-fq-codel-better-mixing.txt (Dave Täht, cerowrt-devel): below 3 ms",
                "probe one-way latency p50 (ms)", preset("seed-003-packets"), result -> 3.0, Comparison.AT_MOST, 0,
                flow("probe", "latencyMs", "p50"));
    }

    static ReferenceCase seed004(String variant, double seedMbps) {
        return new ReferenceCase("Seed 004, ath10k " + variant + ": UDP downlink",
                "docs/seeds/004-ath10k-txq-dequeue.txt (Yibo Zhao, ath10k, March 2019), normal mode: " + seedMbps
                        + " Mbit/s; presets.md: within 15 % (the preset's host CPU costs are fitted to the seed)",
                "goodput (Mbit/s)", preset("seed-004-" + variant), result -> seedMbps, Comparison.WITHIN, 0.15,
                result -> result.at("/summary/throughputMbps").asDouble(Double.NaN));
    }

    private static JsonNode saturatedUplink(int n, double rateMbps, Integer rtsThreshold) {
        StringBuilder stations = new StringBuilder();
        StringBuilder flows = new StringBuilder();
        for (int i = 0; i < n; i++) {
            stations.append(i == 0 ? "" : ", ").append("{\"name\": \"s").append(i).append("\", \"legacyRateMbps\": ")
                    .append(rateMbps).append('}');
            flows.append(i == 0 ? "" : ", ").append("{\"name\": \"u").append(i).append("\", \"type\": \"udp\", \"station\": \"s")
                    .append(i).append("\", \"direction\": \"up\", \"rateMbps\": ").append(rateMbps).append('}');
        }
        return request("""
                {"durationS": 16, "warmupS": 1,
                 "link": {"type": "wifi", "standard": "802.11a", "legacyRateMbps": %s, "ampdu": {"enabled": false}%s},
                 "stations": [%s], "flows": [%s]}"""
                .formatted(rateMbps, rtsThreshold == null ? "" : ", \"rtsThresholdBytes\": " + rtsThreshold, stations, flows));
    }

    private static double stationsGoodput(JsonNode result) {
        double sum = 0;
        for (JsonNode station : result.path("stations")) {
            sum += station.path("throughputMbps").asDouble(Double.NaN);
        }
        return sum;
    }

    /** A flow's field, or a nested one by its path. */
    private static ToDoubleFunction<JsonNode> flow(String name, String... path) {
        return result -> {
            for (JsonNode flow : result.path("flows")) {
                if (name.equals(flow.path("name").asString())) {
                    JsonNode node = flow;
                    for (String step : path) {
                        node = node.path(step);
                    }
                    return node.asDouble(Double.NaN);
                }
            }
            return Double.NaN;
        };
    }

    private static JsonNode request(String scenario) {
        return JSON.readTree("{\"scenario\": " + scenario + "}");
    }

    private static JsonNode preset(String name) {
        return JSON.readTree("{\"preset\": \"" + name + "\"}");
    }
}
