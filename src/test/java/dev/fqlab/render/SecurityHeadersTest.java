package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.RawHttp;
import dev.fqlab.support.ServiceTest;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every answer says {@code X-Content-Type-Options: nosniff} (no browser may guess a JSON or CSV answer is HTML) and
 * carries a Content-Security-Policy for what it is: pages that inline everything may load nothing and run no
 * script; data may load and frame nothing.
 */
class SecurityHeadersTest extends ServiceTest {

    @Test
    void everyKindOfAnswerHasNosniffAndAPolicyThatFitsIt() {
        String id = DemoExperiment.id(api);
        String sweep = DemoExperiment.sweepId(api);
        Map<String, Kind> answers = Map.ofEntries(
                Map.entry("/api/v1/experiments/" + id + "/report", Kind.PAGE),
                Map.entry("/api/v1/sweeps/" + sweep + "/report", Kind.PAGE),
                Map.entry("/api/v1/reference/scenario", Kind.PAGE),
                Map.entry("/api/v1/experiments/" + id + "/plots/throughput.svg", Kind.SVG),
                Map.entry("/api/v1/sweeps/" + sweep + "/plots/summary.throughputMbps.svg", Kind.SVG),
                Map.entry("/api/v1/experiments/" + id, Kind.DATA),
                Map.entry("/api/v1/experiments/" + id + "/result.csv", Kind.DATA),
                Map.entry("/api/v1/sweeps/" + sweep + "/export.csv", Kind.DATA),
                Map.entry("/api/v1/sweeps/" + sweep + "/export.jsonl", Kind.DATA),
                Map.entry("/api/v1/experiments/" + id + "/aqm", Kind.DATA),
                Map.entry("/api/v1/reference/scenario.md", Kind.DATA),
                Map.entry("/api/v1/experiments/no-such-id", Kind.DATA),
                Map.entry("/api/v1/experiments/" + id + "/plots/nope.svg", Kind.DATA),
                Map.entry("/v3/api-docs", Kind.DATA),
                Map.entry("/actuator/health", Kind.DATA),
                Map.entry("/swagger-ui/index.html", Kind.SWAGGER));
        answers.forEach((path, kind) -> {
            Api.Response response = api.get(path);
            assertThat(response.header("X-Content-Type-Options")).as(path).hasValue("nosniff");
            Map<String, String> policy = policy(response.header("Content-Security-Policy").orElse(""));
            kind.check(path, response, policy);
        });
    }

    @Test
    void theContainersOwnErrorsCarryThemToo() {
        RawHttp.Response response = RawHttp.send(port, "GET /api/v1/experiments/%2F HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(policy(response.header("Content-Security-Policy")))
                .containsEntry("default-src", "'none'").containsEntry("frame-ancestors", "'none'");
    }

    private enum Kind {
        /** HTML that inlines its CSS and SVG: nothing to load but inline styles and data: images, no script. */
        PAGE {
            @Override
            void check(String path, Api.Response response, Map<String, String> policy) {
                assertThat(response.contentType()).as(path).startsWith("text/html");
                assertThat(policy).as(path).containsEntry("default-src", "'none'")
                        .containsEntry("style-src", "'unsafe-inline'").containsEntry("img-src", "data:")
                        .containsEntry("frame-ancestors", "'self'").containsEntry("base-uri", "'none'")
                        .containsEntry("form-action", "'self'").doesNotContainKey("script-src");
            }
        },
        SVG {
            @Override
            void check(String path, Api.Response response, Map<String, String> policy) {
                assertThat(response.contentType()).as(path).startsWith("image/svg+xml");
                assertThat(policy).as(path).containsEntry("default-src", "'none'")
                        .containsEntry("style-src", "'unsafe-inline'").containsEntry("frame-ancestors", "'self'")
                        .doesNotContainKey("script-src");
            }
        },
        DATA {
            @Override
            void check(String path, Api.Response response, Map<String, String> policy) {
                assertThat(response.contentType()).as(path).doesNotStartWith("text/html").doesNotStartWith("image/svg");
                assertThat(policy).as(path).containsExactlyInAnyOrderEntriesOf(
                        Map.of("default-src", "'none'", "frame-ancestors", "'none'"));
            }
        },
        /** Swagger UI runs its own scripts and calls this origin; it is never framed (it can send requests). */
        SWAGGER {
            @Override
            void check(String path, Api.Response response, Map<String, String> policy) {
                assertThat(response.status()).isEqualTo(200);
                assertThat(policy).as(path).containsEntry("default-src", "'self'")
                        .containsEntry("frame-ancestors", "'none'");
            }
        };

        abstract void check(String path, Api.Response response, Map<String, String> policy);
    }

    /** Directive → its sources. */
    private static Map<String, String> policy(String header) {
        return Arrays.stream(header.split(";")).map(String::trim).filter(d -> !d.isEmpty())
                .collect(Collectors.toMap(d -> d.split(" ", 2)[0], d -> d.contains(" ") ? d.split(" ", 2)[1] : ""));
    }
}
