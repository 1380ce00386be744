package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.IntNode;

/** The long-format export's lines, columns and streaming, without a database. */
class SweepExportTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aThousandRunsWithHundredsOfMetricsAreWrittenAsTheyGoNotBuiltAsOneString() throws IOException {
        ResultMetrics extractor = new ResultMetrics(JSON);
        StringBuilder flows = new StringBuilder();
        for (int f = 0; f < 20; f++) {
            flows.append(f == 0 ? "" : ",").append("""
                    {"name": "f%d", "sentPackets": 1, "deliveredPackets": 2, "droppedPackets": 3, "ecnMarks": 4,
                     "queuedPackets": 5, "reorderedPackets": 6, "sentBytes": 7, "deliveredBytes": 8, "throughputMbps": 9.5,
                     "latencyMs": {"mean": 1, "p50": 2, "p90": 3, "p99": 4, "max": 5, "samples": 6}}""".formatted(f));
        }
        List<SweepExport.Run> runs = new ArrayList<>();
        for (int r = 0; r < 1000; r++) {
            MetricValues metrics = extractor.extract("{\"seed\": " + (r + 1) + ", \"flows\": [" + flows + "]}");
            runs.add(new SweepExport.Run(0, r, UUID.randomUUID(), metrics));
        }
        int metricsPerRun = runs.getFirst().metrics().size();
        assertThat(metricsPerRun).isEqualTo(20 * 15);
        SweepExport export = new SweepExport(new SweepExport.Runs(sweep(List.of()), runs), null);

        LargestWrite csv = new LargestWrite();
        export.writeCsv(csv);
        LargestWrite jsonl = new LargestWrite();
        export.writeJsonLines(jsonl, JSON);

        // 300 000 lines, tens of megabytes, handed on in pieces no larger than the writer's 64 KiB buffer.
        assertThat(csv.lines).isEqualTo(1 + 1000L * metricsPerRun);
        assertThat(csv.total).isGreaterThan(20_000_000);
        assertThat(csv.largest).isLessThanOrEqualTo(1 << 17);
        assertThat(jsonl.lines).isEqualTo(1000L * metricsPerRun);
        assertThat(jsonl.largest).isLessThanOrEqualTo(1 << 17);
    }

    @Test
    void columnsNameTheParametersWithoutCollidingWithTheFixedOnes() throws IOException {
        SweepParameter value = new SweepParameter("value", "/link/rateMbps", List.of(IntNode.valueOf(5), IntNode.valueOf(10)),
                List.of("slow, really", "=fast"));
        MetricValues metrics = new ResultMetrics(JSON).extract(
                "{\"seed\": 3, \"flows\": [{\"name\": \"udp1\", \"reorderedPackets\": 111549, \"throughputMbps\": 0.5}]}");
        UUID experiment = UUID.randomUUID();
        SweepResource sweep = sweep(List.of(value));
        SweepExport export = new SweepExport(new SweepExport.Runs(sweep, List.of(new SweepExport.Run(1, 2, experiment, metrics))),
                List.of("flows.udp1.reorderedPackets", "flows.udp1.throughputMbps"));

        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        export.writeCsv(csv);
        ByteArrayOutputStream jsonl = new ByteArrayOutputStream();
        export.writeJsonLines(jsonl, JSON);

        // RFC 4180: CRLF, a comma inside quotes; a formula made text (OWASP); counters as integers.
        assertThat(csv.toString(StandardCharsets.UTF_8)).isEqualTo(
                "sweepId,combination,value (parameter),value (parameter) value,repetition,experimentId,seed,metric,value\r\n"
                        + sweep.id() + ",1,\"'=fast\",10,2," + experiment + ",3,flows.udp1.reorderedPackets,111549\r\n"
                        + sweep.id() + ",1,\"'=fast\",10,2," + experiment + ",3,flows.udp1.throughputMbps,0.5\r\n");
        List<JsonNode> lines = jsonl.toString(StandardCharsets.UTF_8).lines().map(JSON::readTree).toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst().toString()).isEqualTo("{\"sweepId\":\"" + sweep.id() + "\",\"combination\":1,"
                + "\"value (parameter)\":\"=fast\",\"value (parameter) value\":10,\"repetition\":2,\"experimentId\":\""
                + experiment + "\",\"seed\":3,\"metric\":\"flows.udp1.reorderedPackets\",\"value\":111549}");
        assertThat(lines.get(1).get("value").doubleValue()).isEqualTo(0.5);
    }

    private static SweepResource sweep(List<SweepParameter> parameters) {
        return new SweepResource(UUID.randomUUID(), "s", null, List.of(), ExperimentStatus.SUCCEEDED, 1.0, Instant.EPOCH,
                Instant.EPOCH, 1, 1, 1, 0, Map.of(), null, parameters, true, null, List.of(), List.of(), null);
    }

    /** Counts bytes and lines, and remembers the largest single write. */
    private static final class LargestWrite extends OutputStream {
        long total;
        long lines;
        int largest;

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            total += len;
            largest = Math.max(largest, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines++;
                }
            }
        }
    }
}
