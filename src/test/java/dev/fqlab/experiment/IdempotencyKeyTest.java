package dev.fqlab.experiment;

import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Idempotency-Key on POST /experiments (api.md): retries are safe, a reused key with another body is refused. */
class IdempotencyKeyTest extends ServiceTest {

    private static final String PATH = "/api/v1/experiments";

    @Test
    void aRepeatReturnsTheOriginalExperimentAndCreatesNothing() {
        String tag = "idem-" + UUID.randomUUID();
        String key = UUID.randomUUID().toString();
        String body = request(TestScenarios.quick(), "idempotent", tag);

        Api.Response first = api.post(PATH, body, "Idempotency-Key", key);
        Api.Response again = api.post(PATH, body, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(202);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("id").asString()).isEqualTo(first.json().get("id").asString());
        assertThat(again.header("Location")).isEqualTo(first.header("Location"));
        assertThat(api.get(PATH + "?tag=" + tag).json().get("items")).hasSize(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIs409() {
        String key = UUID.randomUUID().toString();
        assertThat(api.post(PATH, request(TestScenarios.quick()), "Idempotency-Key", key).status()).isEqualTo(202);

        Api.Response reused = api.post(PATH, request(TestScenarios.wired(20, 1)), "Idempotency-Key", key);

        assertThat(reused.status()).isEqualTo(409);
        assertThat(reused.contentType()).startsWith("application/problem+json");
        assertThat(reused.json().get("type").asString()).endsWith("/idempotency-key-reused");
    }

    @Test
    void concurrentFirstRequestsCreateOneExperiment() throws Exception {
        String tag = "idem-race-" + UUID.randomUUID();
        String key = UUID.randomUUID().toString();
        String body = request(TestScenarios.quick(), "race", tag);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Api.Response>> calls = IntStream.range(0, 8)
                    .<Callable<Api.Response>>mapToObj(i -> () -> api.post(PATH, body, "Idempotency-Key", key)).toList();
            List<Api.Response> responses = pool.invokeAll(calls).stream().map(IdempotencyKeyTest::get).toList();

            assertThat(responses).extracting(Api.Response::status).containsOnly(200, 202).containsOnlyOnce(202);
            assertThat(responses).extracting(r -> r.json().get("id").asString()).containsOnly(
                    responses.getFirst().json().get("id").asString());
            assertThat(api.get(PATH + "?tag=" + tag).json().get("items")).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anUnusableKeyIs400() {
        Api.Response response = api.post(PATH, request(TestScenarios.quick()), "Idempotency-Key", "k".repeat(201));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("parameter").asString()).isEqualTo("Idempotency-Key");
    }

    private static Api.Response get(Future<Api.Response> future) {
        try {
            return future.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
