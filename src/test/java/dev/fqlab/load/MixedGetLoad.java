package dev.fqlab.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The load measurement of issue 4, run by hand (not a test: surefire does not pick up this name): a fixed rate of
 * mixed GETs against a running instance, open loop, for a fixed time. Each request's latency counts from the moment
 * it was due, not from when it could be sent, so a stalled server shows up as latency instead of as a lower rate
 * (no coordinated omission). Prints p50/p90/p99/p99.9/max and every error.
 *
 * <pre>{@code
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.fqlab.load.MixedGetLoad \
 *     --base http://localhost:8080 --rate 500 --seconds 60 [--warmup 10] [--token T]
 * }</pre>
 *
 * The mix (by weight): an experiment 30, the experiment list 15, a result 15, a sweep with its rows 15, the sweep
 * list 10, the presets 5, a result as CSV 5, health 5. Ids come from the lists at start, so populate the service
 * first (and keep its workers busy, which is the point).
 */
public final class MixedGetLoad {

    private static final Pattern ID = Pattern.compile("\"id\":\"([0-9a-f-]{36})\"");

    private MixedGetLoad() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String base = options.getOrDefault("base", "http://localhost:8080");
        double rate = Double.parseDouble(options.getOrDefault("rate", "500"));
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "60"));
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "10"));
        String token = options.get("token");

        ExecutorService executor = Executors.newFixedThreadPool(16);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .connectTimeout(Duration.ofSeconds(5)).build();
        Fetcher fetcher = new Fetcher(http, base, token);

        List<String> experiments = ids(fetcher.get("/api/v1/experiments?limit=200"), ID);
        List<String> succeeded = ids(fetcher.get("/api/v1/experiments?limit=200&status=SUCCEEDED"), ID);
        List<String> sweeps = ids(fetcher.get("/api/v1/sweeps?limit=50"), ID).stream().distinct().toList();
        if (experiments.isEmpty() || succeeded.isEmpty() || sweeps.isEmpty()) {
            throw new IllegalStateException("populate the service first: it needs experiments, succeeded ones and sweeps");
        }
        System.out.printf("ids: %d experiments, %d succeeded, %d sweeps%n", experiments.size(), succeeded.size(), sweeps.size());

        Random random = new Random(42);
        List<Weighted> mix = List.of(
                new Weighted(30, "GET /experiments/{id}", () -> "/api/v1/experiments/" + pick(experiments, random)),
                new Weighted(15, "GET /experiments?limit=20", () -> "/api/v1/experiments?limit=20"),
                new Weighted(15, "GET /experiments/{id}/result", () -> "/api/v1/experiments/" + pick(succeeded, random) + "/result"),
                new Weighted(15, "GET /sweeps/{id}", () -> "/api/v1/sweeps/" + pick(sweeps, random)),
                new Weighted(10, "GET /sweeps?limit=20", () -> "/api/v1/sweeps?limit=20"),
                new Weighted(5, "GET /presets", () -> "/api/v1/presets"),
                new Weighted(5, "GET /experiments/{id}/result.csv", () -> "/api/v1/experiments/" + pick(succeeded, random) + "/result.csv"),
                new Weighted(5, "GET /actuator/health", () -> "/actuator/health"));
        int total = mix.stream().mapToInt(Weighted::weight).sum();

        if (warmup > 0) {
            System.out.printf("warm-up: %d s at %.0f requests/s (not recorded)%n", warmup, rate);
            run(fetcher, mix, total, random, rate, warmup, null);
        }
        System.out.printf("measuring: %d s at %.0f requests/s against %s%n", seconds, rate, base);
        Result result = new Result();
        long started = System.nanoTime();
        run(fetcher, mix, total, random, rate, seconds, result);
        double elapsed = (System.nanoTime() - started) / 1e9;
        result.print(elapsed);
        executor.shutdownNow();
        System.exit(result.errors.get() == 0 ? 0 : 1);
    }

    /** Sends requests at {@code rate} for {@code seconds}, waits for the last answers, records into {@code result}. */
    private static void run(Fetcher fetcher, List<Weighted> mix, int total, Random random, double rate, int seconds,
            Result result) throws InterruptedException {
        long interval = (long) (1e9 / rate);
        long start = System.nanoTime();
        long count = (long) (rate * seconds);
        List<CompletableFuture<?>> pending = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            long due = start + i * interval;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            Weighted choice = choose(mix, total, random);
            String path = choice.path().get();
            CompletableFuture<?> answer = fetcher.send(path).handle((response, failure) -> {
                long latency = System.nanoTime() - due;
                if (result != null) {
                    result.record(choice.name(), latency, failure != null ? failure.getClass().getSimpleName()
                            : response.statusCode() / 100 == 2 ? null : "HTTP " + response.statusCode() + " " + path);
                }
                return null;
            });
            pending.add(answer);
            if (pending.size() > 10_000) {
                pending.removeIf(CompletableFuture::isDone);
            }
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).orTimeout(60, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }

    private record Weighted(int weight, String name, java.util.function.Supplier<String> path) {
    }

    private static Weighted choose(List<Weighted> mix, int total, Random random) {
        int r = random.nextInt(total);
        for (Weighted w : mix) {
            r -= w.weight();
            if (r < 0) {
                return w;
            }
        }
        return mix.getLast();
    }

    private static String pick(List<String> ids, Random random) {
        return ids.get(random.nextInt(ids.size()));
    }

    private static List<String> ids(String json, Pattern pattern) {
        List<String> ids = new ArrayList<>();
        Matcher m = pattern.matcher(json);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return options;
    }

    private record Fetcher(HttpClient http, String base, String token) {

        CompletableFuture<HttpResponse<byte[]>> send(String path) {
            return http.sendAsync(request(path), HttpResponse.BodyHandlers.ofByteArray());
        }

        String get(String path) throws Exception {
            HttpResponse<String> response = http.send(request(path), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + response.statusCode());
            }
            return response.body();
        }

        private HttpRequest request(String path) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10)).GET();
            if (token != null) {
                builder.header("Authorization", "Bearer " + token);
            }
            return builder.build();
        }
    }

    /** Latencies in microseconds, overall and per endpoint, and errors by kind. */
    private static final class Result {
        final Histogram all = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(60), 3);
        final Map<String, Histogram> byEndpoint = new ConcurrentHashMap<>();
        final Map<String, AtomicLong> errorsByKind = new ConcurrentHashMap<>();
        final AtomicLong errors = new AtomicLong();

        void record(String endpoint, long latencyNanos, String error) {
            long micros = Math.min(TimeUnit.NANOSECONDS.toMicros(latencyNanos), all.getHighestTrackableValue());
            all.recordValue(micros);
            byEndpoint.computeIfAbsent(endpoint, k -> new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(60), 3))
                    .recordValue(micros);
            if (error != null) {
                errors.incrementAndGet();
                errorsByKind.computeIfAbsent(error, k -> new AtomicLong()).incrementAndGet();
            }
        }

        void print(double elapsedSeconds) {
            System.out.printf("requests %d in %.1f s (%.1f/s), errors %d%n", all.getTotalCount(), elapsedSeconds,
                    all.getTotalCount() / elapsedSeconds, errors.get());
            System.out.printf("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%n", ms(all, 50), ms(all, 90),
                    ms(all, 99), ms(all, 99.9), all.getMaxValue() / 1000.0);
            new TreeMap<>(byEndpoint).forEach((endpoint, h) -> System.out.printf("  %-34s n %6d  p50 %6.2f  p99 %6.2f  max %7.2f%n",
                    endpoint, h.getTotalCount(), ms(h, 50), ms(h, 99), h.getMaxValue() / 1000.0));
            errorsByKind.forEach((kind, n) -> System.out.printf("  error %s: %d%n", kind, n.get()));
        }

        private static double ms(Histogram h, double percentile) {
            return h.getValueAtPercentile(percentile) / 1000.0;
        }
    }
}
