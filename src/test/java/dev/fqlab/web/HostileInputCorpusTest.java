package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.fqlab.scenario.JsonPointers;
import dev.fqlab.support.Api;
import dev.fqlab.support.InProcessInstance;
import dev.fqlab.support.RawHttp;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestDatabase;
import dev.fqlab.support.TestScenarios;
import dev.fqlab.web.HostileInputCorpus.Expect;
import dev.fqlab.web.HostileInputCorpus.Probe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

/**
 * The hostile-input corpus ({@link HostileInputCorpus}: several hundred requests generated from the scenario
 * declarations plus classic attacks) against the service on PostgreSQL (the shared test service) and on H2 (an
 * instance in this JVM on an in-memory H2): no 5xx; every 4xx an application/problem+json with nosniff; every error of
 * a 400 with a JSON Pointer or the name of a parameter; each probe's expected answer; the same answer from both
 * databases; nothing logged as an unexpected error; and every experiment the corpus got accepted runs without
 * failing.
 */
@ExtendWith(OutputCaptureExtension.class)
class HostileInputCorpusTest extends ServiceTest {

    private static InProcessInstance h2;

    @BeforeAll
    static void startH2() {
        TestDatabase.Conn memory = new TestDatabase.Conn("jdbc:h2:mem:hostile-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "", "h2");
        h2 = InProcessInstance.start(memory, "hostile-h2", "--fqlab.workers=1");
    }

    @AfterAll
    static void stopH2() {
        if (h2 != null) {
            h2.close();
        }
    }

    /** What a probe got: status and where its errors are, which both databases must agree on. */
    private record Answer(int status, List<String> locations) {
    }

    @Test
    void theCorpusGetsNo5xxAndEveryProblemSaysWhere(CapturedOutput output) {
        Map<String, Api> services = new LinkedHashMap<>();
        services.put("PostgreSQL", api);
        services.put("H2", h2.api());
        String tag = "hostile-" + UUID.randomUUID();
        Map<String, List<Probe>> corpora = new LinkedHashMap<>();
        services.forEach((db, service) -> corpora.put(db, HostileInputCorpus.build(tag, finished(service), sweep(service))));
        assertThat(corpora.get("PostgreSQL")).hasSizeGreaterThanOrEqualTo(200);

        List<String> failures = new ArrayList<>();
        Map<String, List<Answer>> answers = new LinkedHashMap<>();
        long started = System.nanoTime();
        services.forEach((db, service) -> {
            List<Answer> inOrder = new ArrayList<>();
            for (Probe probe : corpora.get(db)) {
                Reply response;
                try {
                    response = send(service, probe);
                } catch (RuntimeException noAnswer) {
                    failures.add(db + " | " + probe + "\n    → no answer: " + noAnswer);
                    inOrder.add(new Answer(-1, List.of()));
                    continue;
                }
                String problem = check(probe, response);
                if (problem != null) {
                    failures.add(db + " | " + probe + "\n    → " + problem + "\n    ← " + cut(response.toString()));
                }
                inOrder.add(new Answer(response.status(), locations(response)));
            }
            answers.put(db, inOrder);
        });
        double seconds = (System.nanoTime() - started) / 1e9;
        long accepted = answers.get("PostgreSQL").stream().filter(a -> a.status() / 100 == 2).count();
        System.out.printf("[HostileInputCorpusTest] %d probes × %d databases in %.1f s (%d answered 2xx)%n",
                corpora.get("PostgreSQL").size(), services.size(), seconds, accepted);

        // The same probe (by position: the paths hold each database's own ids) gets the same answer from both.
        for (int i = 0; i < corpora.get("PostgreSQL").size(); i++) {
            Answer postgres = answers.get("PostgreSQL").get(i);
            Answer other = answers.get("H2").get(i);
            if (!postgres.equals(other)) {
                failures.add("PostgreSQL and H2 disagree on " + corpora.get("H2").get(i).name() + ": " + postgres
                        + " vs " + other);
            }
        }
        assertThat(failures).as("probes answered wrongly").isEmpty();
        assertThat(output.getAll()).as("the service log").doesNotContain("Unexpected error", "InvalidParameterException");

        // Whatever was accepted runs to the end: a value the engine cannot take is refused, never a failed run.
        services.forEach((db, service) -> await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                .until(() -> service.get("/api/v1/experiments?status=QUEUED,RUNNING&tag=" + tag).json()
                        .get("items").isEmpty()));
        services.forEach((db, service) -> assertThat(service.get("/api/v1/experiments?status=FAILED&tag=" + tag + "&limit=200")
                .json().get("items")).as("failed runs on %s", db).isEmpty());
        System.out.printf("[HostileInputCorpusTest] accepted runs done %.1f s after the probes%n",
                (System.nanoTime() - started) / 1e9 - seconds);
    }

    /** An answer, from the JDK's client or, for a path it refuses to send (a lone %), from a socket. */
    private record Reply(int status, String contentType, Map<String, String> headers, String body) {

        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }

        JsonNode json() {
            return Api.JSON.readTree(body);
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }

    private static Reply send(Api service, Probe probe) {
        try {
            Api.Response r = service.send(probe.method(), probe.path(), probe.headers(), probe.body());
            Map<String, String> headers = new LinkedHashMap<>();
            r.raw().headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.getFirst()));
            return new Reply(r.status(), r.contentType(), headers, r.body());
        } catch (IllegalArgumentException notAUri) {
            RawHttp.Response r = RawHttp.send(service.port(), probe.method(), probe.path(), probe.headers(), probe.body());
            return new Reply(r.status(), r.contentType(), r.headers(), r.body());
        }
    }

    /** Null when the answer is right for the probe, else what is wrong with it. */
    private static String check(Probe probe, Reply response) {
        int status = response.status();
        if (status >= 500) {
            return "a " + status;
        }
        if (response.header("X-Content-Type-Options").isEmpty()) {
            return "no X-Content-Type-Options";
        }
        Expect expect = probe.expect();
        if (expect.status() != 0 && status != expect.status()) {
            return "expected " + expect.status() + ", got " + status;
        }
        if (status < 400) {
            return null;
        }
        if (!response.contentType().startsWith("application/problem+json")) {
            return "a " + status + " as " + response.contentType();
        }
        JsonNode problem;
        try {
            problem = response.json();
        } catch (RuntimeException e) {
            return "a problem that is not JSON";
        }
        if (problem.path("status").asInt() != status || problem.path("title").asString("").isBlank()
                || problem.path("detail").asString("").isBlank()) {
            return "an incomplete problem";
        }
        if (response.body().contains("Exception") || response.body().contains("\tat ")
                || response.body().contains("org.springframework") || response.body().contains("tools.jackson")) {
            return "a problem that shows internals";
        }
        List<String> pointers = new ArrayList<>();
        List<String> parameters = new ArrayList<>();
        for (JsonNode error : problem.path("errors")) {
            if (error.path("message").asString("").isBlank()) {
                return "an error without a message";
            }
            if (error.has("pointer") == error.has("parameter")) {
                return "an error with " + (error.has("pointer") ? "both a pointer and a parameter" : "neither pointer nor parameter");
            }
            if (error.has("pointer")) {
                String pointer = error.get("pointer").asString();
                if (!pointer.isEmpty() && JsonPointers.tokens(pointer) == null) {
                    return "not an RFC 6901 pointer: " + pointer;
                }
                pointers.add(pointer);
            } else {
                parameters.add(error.get("parameter").asString());
            }
        }
        if (problem.path("type").asString("").endsWith("/invalid-request") && pointers.isEmpty() && parameters.isEmpty()) {
            return "an invalid-request problem without errors";
        }
        if (expect.pointer() != null && pointers.stream().noneMatch(p -> p.equals(expect.pointer())
                || p.startsWith(expect.pointer() + "/") || expect.pointer().isEmpty())) {
            return "no error at " + expect.pointer() + " (errors at " + pointers + ")";
        }
        if (expect.parameter() != null && !parameters.contains(expect.parameter())) {
            return "no error naming parameter '" + expect.parameter() + "' (" + parameters + ")";
        }
        return null;
    }

    private static List<String> locations(Reply response) {
        if (response.status() < 400 || !response.contentType().startsWith("application/problem+json")) {
            return List.of();
        }
        List<String> locations = new ArrayList<>();
        for (JsonNode error : response.json().path("errors")) {
            locations.add(error.has("pointer") ? error.get("pointer").asString() : "?" + error.path("parameter").asString());
        }
        return locations.stream().sorted().toList();
    }

    /** A succeeded experiment of {@code service}, for the paths that name one. */
    private static String finished(Api service) {
        Api.Response response = service.post("/api/v1/experiments", TestScenarios.request(TestScenarios.wired(10, 0.2)));
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        String id = response.json().get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/api/v1/experiments/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        return id;
    }

    /** A succeeded sweep of {@code service}. */
    private static String sweep(Api service) {
        Api.Response response = service.post("/api/v1/sweeps", "{\"base\": {\"scenario\": " + TestScenarios.wired(10, 0.2)
                + "}, \"parameters\": [{\"pointer\": \"/seed\", \"values\": [1, 2]}]}");
        assertThat(response.status()).as(response.toString()).isIn(200, 202);
        String id = response.json().get("id").asString();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/api/v1/sweeps/" + id).json().get("status").asString(), "SUCCEEDED"::equals);
        return id;
    }

    private static String cut(String text) {
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
