package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flow names may start with '-' ({@code [A-Za-z0-9_.-]}), and "-2-3" in a cell is a formula to Excel (OWASP "CSV
 * Injection"): result.csv writes it as text. Numbers, negative ones included, stay numbers.
 */
class CsvInjectionApiTest extends ServiceTest {

    @Test
    void resultCsvWritesAFormulaLikeFlowNameAsText() {
        String id = submit("""
                {"name": "csv-injection", "scenario": {"durationS": 0.3, "link": {"type": "wired", "rateMbps": 10},
                 "flows": [{"name": "-2-3", "type": "udp", "rateMbps": 1}, {"name": "-x", "type": "ping"},
                           {"name": "plain", "type": "udp", "rateMbps": 1}]}}""").get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));

        Api.Response csv = api.get("/api/v1/experiments/" + id + "/result.csv");
        assertThat(csv.status()).isEqualTo(200);
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.get(1)).startsWith("flow,\"'-2-3\",udp,");
        assertThat(lines.get(2)).startsWith("flow,\"'-x\",ping,");
        assertThat(lines.get(3)).startsWith("flow,plain,udp,");
        // The series header names columns after the flows but starts each with its kind, so it needs nothing.
        String header = api.get("/api/v1/experiments/" + id + "/series.csv").body().lines().findFirst().orElseThrow();
        assertThat(header).contains(",flow.-2-3.throughputMbps,").doesNotContain("'");
    }
}
