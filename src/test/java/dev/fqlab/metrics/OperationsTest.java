package dev.fqlab.metrics;

import static dev.fqlab.support.TestScenarios.quick;
import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Health, info, the Prometheus scrape and the OpenAPI document, as operators and scrapers see them. */
class OperationsTest extends ServiceTest {

    @Test
    void prometheusScrapeHasEveryFqlabMetric() {
        String id = submit(request(quick(), "metrics")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(30));

        Api.Response scrape = api.get("/actuator/prometheus");

        assertThat(scrape.status()).isEqualTo(200);
        assertThat(scrape.contentType()).startsWith("text/plain");
        Set<String> names = sampleNames(scrape.body());
        assertThat(names).contains(
                "fqlab_experiments_submitted_total",
                "fqlab_experiments_finished_total",
                "fqlab_experiments_queued",
                "fqlab_experiments_running",
                "fqlab_experiment_run_seconds_bucket",
                "fqlab_experiment_run_seconds_count",
                "fqlab_experiment_run_seconds_sum",
                "fqlab_workers",
                "fqlab_sim_events_total",
                "fqlab_sim_packets_total",
                "fqlab_sim_simulated_seconds_total",
                "http_server_requests_seconds_bucket",
                "jvm_memory_used_bytes",
                "hikaricp_connections_active");
        assertThat(value(scrape.body(), "fqlab_experiments_finished_total{status=\"SUCCEEDED\"}")).isGreaterThanOrEqualTo(1);
        assertThat(value(scrape.body(), "fqlab_experiments_submitted_total")).isGreaterThanOrEqualTo(1);
        assertThat(value(scrape.body(), "fqlab_workers")).isEqualTo(2);
        assertThat(value(scrape.body(), "fqlab_sim_events_total")).isPositive();
        assertThat(value(scrape.body(), "fqlab_sim_simulated_seconds_total")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void httpTimerHasABucketAtThe50MillisecondObjective() {
        api.get("/api/v1/presets");

        String scrape = api.get("/actuator/prometheus").body();

        // Micrometer's own histogram bounds near 50 ms are 44.739242 and 50.331648 ms; 0.05 is the configured SLO.
        assertThat(scrape.lines().filter(line -> line.startsWith("http_server_requests_seconds_bucket{")
                && line.contains("uri=\"/api/v1/presets\"") && line.contains("le=\"0.05\"")).toList()).hasSize(1);
    }

    @Test
    void healthHasLivenessAndReadinessWithTheDatabase() {
        Api.Response health = api.get("/actuator/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().get("status").asString()).isEqualTo("UP");

        Api.Response readiness = api.get("/actuator/health/readiness");
        assertThat(readiness.status()).isEqualTo(200);
        assertThat(readiness.json().get("status").asString()).isEqualTo("UP");
        Api.Response liveness = api.get("/actuator/health/liveness");
        assertThat(liveness.status()).isEqualTo(200);
        assertThat(liveness.json().get("status").asString()).isEqualTo("UP");
    }

    @Test
    void infoNamesVersionAndCommit() {
        JsonNode info = api.get("/actuator/info").json();

        assertThat(info.at("/build/version").asString()).isEqualTo("0.1.0");
        assertThat(info.at("/git/commit/id").asString()).matches("[0-9a-f]{7,}");
    }

    @Test
    void openApiDocumentsTheApi() {
        Api.Response docs = api.get("/v3/api-docs");

        assertThat(docs.status()).isEqualTo(200);
        JsonNode paths = docs.json().get("paths");
        assertThat(List.copyOf(paths.propertyNames())).contains(
                "/api/v1/experiments", "/api/v1/experiments/validate", "/api/v1/experiments/{id}",
                "/api/v1/experiments/{id}/cancel", "/api/v1/experiments/{id}/result",
                "/api/v1/experiments/{id}/result.csv", "/api/v1/experiments/{id}/series.csv",
                "/api/v1/presets", "/api/v1/presets/{name}",
                "/api/v1/sweeps", "/api/v1/sweeps/validate", "/api/v1/sweeps/{id}", "/api/v1/sweeps/{id}/table.csv",
                "/api/v1/sweeps/{id}/export.csv", "/api/v1/sweeps/{id}/export.jsonl", "/api/v1/sweeps/{id}/cancel",
                "/api/v1/validation", "/api/v1/validation/{id}", "/api/v1/validation/{id}/report");
        assertThat(paths.at("/~1api~1v1~1sweeps/post/requestBody/content/application~1json/schema/$ref").asString())
                .endsWith("/SweepRequest");
        assertThat(paths.at("/~1api~1v1~1experiments/post/requestBody/content/application~1json/schema/$ref").asString())
                .endsWith("/ExperimentRequest");
        assertThat(docs.json().at("/components/schemas/ExperimentRequest/properties")).isNotEmpty();
        // 503 (database unavailable, with Retry-After) where the database is needed, not where it is not.
        assertThat(paths.at("/~1api~1v1~1experiments~1{id}/get/responses/503/headers/Retry-After").isObject()).isTrue();
        assertThat(paths.at("/~1api~1v1~1sweeps/post/responses/503").isObject()).isTrue();
        assertThat(paths.at("/~1api~1v1~1presets/get/responses/503").isMissingNode()).isTrue();
        // Deleting a sweep, and the member-of-sweep 409 of deleting one of its experiments.
        assertThat(paths.at("/~1api~1v1~1sweeps~1{id}/delete/responses").propertyNames())
                .contains("204", "404", "409", "503");
        assertThat(paths.at("/~1api~1v1~1sweeps~1{id}/delete/responses/409/content").propertyNames())
                .containsExactly("application/problem+json");
        assertThat(paths.at("/~1api~1v1~1experiments~1{id}/delete/responses/409/description").asString())
                .contains("member-of-sweep");
        assertThat(paths.at("/~1api~1v1~1experiments~1validate/post/responses/503").isMissingNode()).isTrue();
        Api.Response swagger = api.get("/swagger-ui.html");
        assertThat(swagger.status()).isEqualTo(302);
        assertThat(api.get(swagger.header("Location").orElseThrow().replaceFirst("^https?://[^/]+", "")).status())
                .isEqualTo(200);
    }

    /** The names of the samples in Prometheus text format (labels and values cut off). */
    static Set<String> sampleNames(String scrape) {
        return scrape.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toSet());
    }

    /** The value of one sample given as its name with labels, exactly as written in the scrape. */
    static double value(String scrape, String sample) {
        return scrape.lines().filter(line -> line.startsWith(sample + " ") || sample.indexOf('{') < 0
                        && line.startsWith(sample + "{"))
                .map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .mapToDouble(Double::parseDouble).sum();
    }
}
