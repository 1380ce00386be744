package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.result.CodelXstats;
import dev.fqlab.sim.result.FqCodelXstats;
import dev.fqlab.sim.result.FqXstats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.TcCounters;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code qdisc} object of the result document, per qdisc type, against results.md: its keys in the contract's
 * order, with fqlab's documented extensions ({@code requeues} after {@code overlimits}, as tc prints it; fq_codel's
 * memory_used and list lengths; codel's xstats) where they belong, and nothing of another type's xstats.
 */
class QdiscResultJsonTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** results.md: {@code "qdisc": {"type": "fq_codel", "sentBytes", …, "ceMark"}}, in this order. */
    private static final List<String> CONTRACT_COMMON = List.of("type", "sentBytes", "sentPackets", "dropped",
            "overlimits", "backlogBytes", "backlogPackets");
    private static final List<String> CONTRACT_FQ_CODEL_XSTATS = List.of("maxPacket", "dropOverlimit",
            "dropOvermemory", "newFlowCount", "ecnMark", "ceMark");

    private static final List<String> COMMON = List.of("type", "sentBytes", "sentPackets", "dropped", "overlimits",
            "requeues", "backlogBytes", "backlogPackets");
    private static final List<String> FQ_CODEL = concat(COMMON, List.of("maxPacket", "dropOverlimit",
            "dropOvermemory", "newFlowCount", "ecnMark", "ceMark", "memoryUsed", "newFlowsLen", "oldFlowsLen"));
    private static final List<String> FQ = concat(COMMON, List.of("gcFlows", "highprioPackets", "fastpathPackets",
            "tcpRetrans", "throttled", "flowsPlimit", "pktsTooLong", "allocationErrors", "flows", "inactiveFlows",
            "throttledFlows", "unthrottleLatencyNs", "ceMark", "horizonDrops", "horizonCaps", "bandDrops",
            "bandPktCount"));
    private static final List<String> CODEL = concat(COMMON, List.of("maxPacket", "dropOverlimit", "ecnMark",
            "ceMark", "codelCount", "codelLastCount", "ldelayMs", "dropping"));

    private static final TcCounters COUNTERS = new TcCounters(1, 2, 3, 4, 5, 6, 7);

    static Stream<Arguments> qdiscs() {
        return Stream.of(
                Arguments.of("noqueue", QdiscResult.noqueue(), COMMON),
                Arguments.of("pfifo", QdiscResult.pfifo(COUNTERS), COMMON),
                Arguments.of("fq_codel", new QdiscResult.FqCodel(COUNTERS,
                        new FqCodelXstats(1514, 8, 9, 10, 11, 12, 13, 14, 15)), FQ_CODEL),
                Arguments.of("codel", new QdiscResult.Codel(COUNTERS,
                        new CodelXstats(1514, 8, 9, 10, 11, 12, 0.5, true)), CODEL),
                Arguments.of("fq", new QdiscResult.Fq(COUNTERS, new FqXstats(1, 0, 2, 0, 3, 4, 5, 0, 6, 7, 8, 9, 10,
                        11, 12, List.of(0L, 13L, 0L), List.of(0L, 14L, 0L))), FQ));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("qdiscs")
    void keysFollowTheContract(String type, QdiscResult qdisc, List<String> keys) {
        List<String> written = List.copyOf(JSON.readTree(JSON.writeValueAsString(qdisc)).propertyNames());

        assertThat(written).containsExactlyElementsOf(keys);
        assertThat(written).containsSubsequence(CONTRACT_COMMON);
        if (type.equals("fq_codel")) {
            assertThat(written).containsSubsequence(concat(CONTRACT_COMMON, CONTRACT_FQ_CODEL_XSTATS));
        } else {
            assertThat(written).doesNotContain("dropOvermemory", "newFlowCount", "memoryUsed");
        }
        assertThat(JSON.readTree(JSON.writeValueAsString(qdisc)).get("type").asString()).isEqualTo(type);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("qdiscs")
    void aStoredDocumentReadsBackAsTheSameTypeAndWritesTheSameBytes(String type, QdiscResult qdisc, List<String> keys) {
        String document = JSON.writeValueAsString(qdisc);

        QdiscResult read = JSON.readValue(document, QdiscResult.class);

        assertThat(read).isEqualTo(qdisc);
        assertThat(JSON.writeValueAsString(read)).isEqualTo(document);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
