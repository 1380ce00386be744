package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.support.Api;
import dev.fqlab.support.ChildInstance;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The same scenarios and seeds on two instances — one worker in the test JVM, four workers in another JVM, each on
 * its own database so each runs everything itself — give byte-identical result JSON, apart from the experiment's
 * id and the wall-clock fields of {@code engine}.
 */
class WorkerCountDeterminismTest {

    /** Random losses, jitter and ECN over two queue disciplines, three seeds each: six runs per instance. */
    private static final String SWEEP = """
            {"base": {"scenario": {"seed": 7, "durationS": 2, "warmupS": 0.5,
               "link": {"type": "wired", "rateMbps": 10, "lossRate": 0.01},
               "flows": [{"name": "big", "type": "udp", "rateMbps": 20, "jitterMs": 1},
                         {"name": "small", "type": "udp", "rateMbps": 20, "packetBytes": 300, "ecn": "ect0"},
                         {"name": "probe", "type": "ping", "intervalMs": 50}]}},
             "parameters": [{"pointer": "/stack/qdisc", "values": [{"type": "fq_codel"}, {"type": "codel", "ecn": true}]}],
             "repetitions": 3}""";

    @Test
    void oneWorkerAndFourWorkersOnAnotherInstanceGiveTheSameBytes() throws Exception {
        TestDatabase.Conn oneDb = TestDatabase.fresh();
        TestDatabase.Conn fourDb = TestDatabase.fresh();
        // The other JVM boots while this one starts its instance.
        CompletableFuture<ChildInstance> starting = CompletableFuture.supplyAsync(() -> {
            try {
                return ChildInstance.start(fourDb, "four-workers", "--fqlab.workers=4");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (InProcessInstance one = InProcessInstance.start(oneDb, "one-worker", "--fqlab.workers=1");
             ChildInstance four = starting.join()) {
            List<String> byOne = results(one.api());
            List<String> byFour = results(four.api());

            assertThat(byOne).hasSize(6).doesNotHaveDuplicates();
            assertThat(byFour).containsExactlyElementsOf(byOne);
        }
    }

    /** Runs the sweep and answers its results in table order, with what may legitimately differ blanked. */
    private static List<String> results(Api api) {
        Api.Response submitted = api.post("/api/v1/sweeps", SWEEP);
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String id = submitted.json().get("id").asString();
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
                .until(() -> api.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        List<String> documents = new ArrayList<>();
        for (JsonNode row : api.get("/api/v1/sweeps/" + id).json().get("rows")) {
            for (JsonNode experiment : row.get("experiments")) {
                String body = api.get("/api/v1/experiments/" + experiment.asString() + "/result").body();
                documents.add(comparable(body, experiment.asString()));
            }
        }
        return documents;
    }

    static String comparable(String json, String experimentId) {
        return json.replace(experimentId, "ID")
                .replaceAll("\"wallS\":[^,}]+", "\"wallS\":0")
                .replaceAll("\"eventsPerS\":[^,}]+", "\"eventsPerS\":0")
                .replaceAll("\"speedup\":[^,}]+", "\"speedup\":0");
    }
}
