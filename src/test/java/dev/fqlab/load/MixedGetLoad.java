package dev.fqlab.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The GET load measurement (issue 4, issue 15), run by {@code src/test/load/run-load.sh} or by hand against a
 * running instance; not a test (surefire does not pick up this name) and plain JDK, so it runs from its source file:
 *
 * <pre>{@code
 * java src/test/java/dev/fqlab/load/MixedGetLoad.java --base http://localhost:8080 --rate 500 --seconds 60 \
 *     [--warmup 15] [--token T] [--access-log FILE] [--server-pid PID] [--workers 2] \
 *     [--database NAME]
 * }</pre>
 *
 * <p>Client side: a fixed rate of mixed GETs, open loop. Each request's latency counts from the moment it was due,
 * not from when it could be sent, so a stalled server shows up as latency instead of as a lower rate (no coordinated
 * omission). Every request carries {@code X-Load: <phase>/<endpoint>}: {@code warmup/3}, {@code measure.<pid>/0}, ...
 *
 * <p>Server side, over the measured window only, two ways:
 * <ul>
 * <li>{@code --access-log}: Tomcat's access log written with the pattern {@code %{X-Load}i %s %D %U ...}; {@code %D} is
 * the time from reading the request's first byte to having written the response's last (µs), so the percentiles are
 * exact, per request, and count only lines of the measured phase.</li>
 * <li>Always: Micrometer's {@code http_server_requests_seconds} histogram from {@code /actuator/prometheus}, scraped
 * right before and after the window; the difference of the bucket counts is the window's distribution (what a
 * Prometheus server would see). It counts from the first filter to the end of the controller, and its percentiles
 * are bucket bounds ("≤"); the 50 ms SLO bucket gives the share under 50 ms exactly.</li>
 * </ul>
 *
 * <p>Busy workers: {@code GET /experiments?status=RUNNING} right before and after the window, and with
 * {@code --server-pid} the CPU time each {@code fqlab-worker-N} thread used during the window (from /proc).
 * The machine: how many cores were busy during the window, split into the service, its PostgreSQL backends (with
 * {@code --database NAME}), this client and everything else (other programs sharing the machine).
 *
 * <p>The mix (by weight): an experiment 30, the experiment list 15, a result 15, a sweep with its rows 15, the sweep
 * list 10, the presets 5, a result as CSV 5, health 5. Ids come from the lists at start, so populate the service
 * first. Exit status 0 only when there were no errors, the server-side p99 is under {@code --p99-limit-ms} (50) and,
 * when {@code --workers} is given, that many experiments were RUNNING at both ends of the window.
 */
public final class MixedGetLoad {

    private static final Pattern ID = Pattern.compile("\"id\":\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS_RUNNING = Pattern.compile("\"status\":\"RUNNING\"");
    /** One line of the Prometheus text format: name, labels, value. */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private MixedGetLoad() {
    }

    public static void main(String[] args) {
        int status;
        try {
            status = measure(args);
        } catch (Exception e) {
            e.printStackTrace();
            status = 2;
        }
        // The HTTP client's threads are not daemons.
        System.exit(status);
    }

    private static int measure(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String base = options.getOrDefault("base", "http://localhost:8080");
        double rate = Double.parseDouble(options.getOrDefault("rate", "500"));
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "60"));
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "15"));
        double p99LimitMs = Double.parseDouble(options.getOrDefault("p99-limit-ms", "50"));
        String token = options.get("token");
        Path accessLog = options.containsKey("access-log") ? Path.of(options.get("access-log")) : null;
        Long serverPid = options.containsKey("server-pid") ? Long.valueOf(options.get("server-pid")) : null;
        Integer workers = options.containsKey("workers") ? Integer.valueOf(options.get("workers")) : null;
        String database = options.get("database");

        ExecutorService executor = Executors.newFixedThreadPool(8);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .connectTimeout(Duration.ofSeconds(5)).build();
        Fetcher fetcher = new Fetcher(http, base, token);

        List<String> experiments = ids(fetcher.get("/api/v1/experiments?limit=200"));
        List<String> succeeded = ids(fetcher.get("/api/v1/experiments?limit=200&status=SUCCEEDED"));
        List<String> sweeps = ids(fetcher.get("/api/v1/sweeps?limit=50")).stream().distinct().toList();
        if (experiments.isEmpty() || succeeded.isEmpty() || sweeps.isEmpty()) {
            throw new IllegalStateException("populate the service first: it needs experiments, succeeded ones and sweeps");
        }
        System.out.printf("ids: %d experiments, %d succeeded, %d sweeps%n", experiments.size(), succeeded.size(), sweeps.size());

        Random random = new Random(42);
        List<Endpoint> mix = List.of(
                new Endpoint(30, "GET /experiments/{id}", () -> "/api/v1/experiments/" + pick(experiments, random)),
                new Endpoint(15, "GET /experiments?limit=20", () -> "/api/v1/experiments?limit=20"),
                new Endpoint(15, "GET /experiments/{id}/result", () -> "/api/v1/experiments/" + pick(succeeded, random) + "/result"),
                new Endpoint(15, "GET /sweeps/{id}", () -> "/api/v1/sweeps/" + pick(sweeps, random)),
                new Endpoint(10, "GET /sweeps?limit=20", () -> "/api/v1/sweeps?limit=20"),
                new Endpoint(5, "GET /presets", () -> "/api/v1/presets"),
                new Endpoint(5, "GET /experiments/{id}/result.csv", () -> "/api/v1/experiments/" + pick(succeeded, random) + "/result.csv"),
                new Endpoint(5, "GET /actuator/health", () -> "/actuator/health"));

        if (warmup > 0) {
            // A cold server (interpreted code, empty caches) hit at full rate at once queues up for seconds; ramp up.
            System.out.printf("warm-up: %d s rising to %.0f requests/s (not counted)%n", warmup, rate);
            int steps = Math.min(5, warmup);
            for (int step = 1; step <= steps; step++) {
                run(fetcher, mix, random, rate * step / steps, warmup / steps, "warmup", new Result(mix));
            }
        }

        Thread.sleep(500);
        List<String> runningBefore = running(fetcher);
        Map<String, Long> cpuBefore = serverPid == null ? Map.of() : workerCpuTicks(serverPid);
        CpuUse machineBefore = CpuUse.now(serverPid, database);
        Histogram promBefore = Histogram.scrape(fetcher.get("/actuator/prometheus"));
        System.out.printf("measuring: %d s at %.0f requests/s against %s; RUNNING at start: %d%n", seconds, rate, base,
                runningBefore.size());
        Result result = new Result(mix);
        long started = System.nanoTime();
        // This run's own tag, so that an access log holding earlier runs too is read right.
        String phase = "measure." + ProcessHandle.current().pid();
        long unanswered = run(fetcher, mix, random, rate, seconds, phase, result);
        double elapsed = (System.nanoTime() - started) / 1e9;
        Histogram promAfter = Histogram.scrape(fetcher.get("/actuator/prometheus"));
        Map<String, Long> cpuAfter = serverPid == null ? Map.of() : workerCpuTicks(serverPid);
        CpuUse machineAfter = CpuUse.now(serverPid, database);
        List<String> runningAfter = running(fetcher);
        executor.shutdownNow();

        System.out.println();
        System.out.printf(Locale.ROOT, "window %.1f s: %d requests due (%.1f/s), %d answered, %d errors, %d unanswered%n",
                elapsed, result.due.get(), result.due.get() / elapsed, result.all.size(), result.errors.get(), unanswered);
        result.errorsByKind.forEach((kind, n) -> System.out.printf("  error %s: %d%n", kind, n.get()));
        System.out.println();
        System.out.printf("%-44s %7s %8s %8s %8s %8s %8s%n", "latency in ms", "n", "p50", "p99", "p99.9", "max", "≤ 50 ms");
        result.all.print("client (from due time to answer)", System.out);

        double serverP99;
        Samples server = null;
        if (accessLog != null) {
            server = AccessLog.read(accessLog, phase, mix);
            server.all.print("server (Tomcat %D, exact)", System.out);
        }
        Histogram window = promAfter.minus(promBefore);
        window.print("server (Micrometer buckets, bound)", System.out);
        serverP99 = server != null ? server.all.percentile(99) : window.bound(0.99);
        long server5xx = server != null ? server.serverErrors : window.serverErrors;

        System.out.println();
        System.out.printf("%-44s %7s %8s %8s %8s | %8s %8s%n", "per endpoint", "client n", "p50", "p99", "max",
                server != null ? "server p99" : "", server != null ? "max" : "");
        for (int i = 0; i < mix.size(); i++) {
            Samples.Series c = result.byEndpoint.get(i);
            Samples.Series s = server != null ? server.byEndpoint.get(i) : null;
            System.out.printf(Locale.ROOT, "  %-42s %7d %8.2f %8.2f %8.2f | %s%n", mix.get(i).name(), c.size(),
                    c.percentile(50), c.percentile(99), c.max(),
                    s == null ? "" : String.format(Locale.ROOT, "%8.2f %8.2f", s.percentile(99), s.max()));
        }

        System.out.println();
        System.out.printf("RUNNING experiments at start %d %s, at end %d %s%n", runningBefore.size(), runningBefore,
                runningAfter.size(), runningAfter);
        if (serverPid != null) {
            double tick = ticksPerSecond();
            cpuAfter.forEach((thread, ticks) -> System.out.printf(Locale.ROOT,
                    "  %s: %.1f s CPU in the %.0f s window (%.0f %% of a core)%n", thread,
                    (ticks - cpuBefore.getOrDefault(thread, 0L)) / tick, elapsed,
                    100 * (ticks - cpuBefore.getOrDefault(thread, 0L)) / tick / elapsed));
        }

        CpuUse used = machineAfter.minus(machineBefore);
        System.out.printf(Locale.ROOT, "CPU in the window, in cores (of %d): all %.2f = service %s + its PostgreSQL %s + "
                        + "this client %.2f + everything else %.2f%n", Runtime.getRuntime().availableProcessors(),
                used.all() / elapsed, serverPid == null ? "?" : String.format(Locale.ROOT, "%.2f", used.service() / elapsed),
                database == null ? "?" : String.format(Locale.ROOT, "%.2f", used.postgres() / elapsed),
                used.client() / elapsed, used.other() / elapsed);

        List<String> failures = new ArrayList<>();
        if (result.errors.get() > 0 || unanswered > 0) {
            failures.add(result.errors.get() + " client errors, " + unanswered + " unanswered");
        }
        if (server5xx > 0) {
            failures.add(server5xx + " server 5xx");
        }
        if (!(serverP99 < p99LimitMs)) {
            failures.add(String.format(Locale.ROOT, "server-side p99 %.2f ms ≥ %.0f ms", serverP99, p99LimitMs));
        }
        if (workers != null && (runningBefore.size() < workers || runningAfter.size() < workers)) {
            failures.add("fewer than " + workers + " experiments RUNNING at the start or end of the window");
        }
        System.out.println();
        System.out.println(failures.isEmpty() ? "PASS" : "FAIL: " + String.join("; ", failures));
        return failures.isEmpty() ? 0 : 1;
    }

    /**
     * Sends requests at {@code rate} for {@code seconds}, waits for the last answers (at most 30 s), records into
     * {@code result}; returns how many were still unanswered then.
     */
    private static long run(Fetcher fetcher, List<Endpoint> mix, Random random, double rate, int seconds, String phase,
            Result result) {
        int total = mix.stream().mapToInt(Endpoint::weight).sum();
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
            int choice = choose(mix, total, random);
            String path = mix.get(choice).path().get();
            result.due.incrementAndGet();
            CompletableFuture<?> answer = fetcher.send(path, phase + "/" + choice).handle((response, failure) -> {
                long latency = System.nanoTime() - due;
                result.record(choice, latency, failure != null ? failure.getClass().getSimpleName()
                        : response.statusCode() / 100 == 2 ? null : "HTTP " + response.statusCode() + " " + path);
                return null;
            });
            pending.add(answer);
            if (pending.size() > 10_000) {
                pending.removeIf(CompletableFuture::isDone);
            }
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).orTimeout(30, TimeUnit.SECONDS)
                .exceptionally(t -> null).join();
        return pending.stream().filter(f -> !f.isDone()).count();
    }

    private record Endpoint(int weight, String name, Supplier<String> path) {
    }

    private static int choose(List<Endpoint> mix, int total, Random random) {
        int r = random.nextInt(total);
        for (int i = 0; i < mix.size(); i++) {
            r -= mix.get(i).weight();
            if (r < 0) {
                return i;
            }
        }
        return mix.size() - 1;
    }

    private static String pick(List<String> ids, Random random) {
        return ids.get(random.nextInt(ids.size()));
    }

    private static List<String> ids(String json) {
        List<String> ids = new ArrayList<>();
        Matcher m = ID.matcher(json);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    /** The ids of the experiments listed as RUNNING (at most 200). */
    private static List<String> running(Fetcher fetcher) throws Exception {
        String json = fetcher.get("/api/v1/experiments?status=RUNNING&limit=200");
        List<String> ids = ids(json);
        // Each item names its status; a sweep id inside an item would be a second "id" (sweepId is not "id").
        long statuses = STATUS_RUNNING.matcher(json).results().count();
        return ids.size() == statuses ? ids : ids.subList(0, (int) Math.min(ids.size(), statuses));
    }

    /** CPU time (user + system, in clock ticks) of each thread of {@code pid} named fqlab-worker-N. */
    private static Map<String, Long> workerCpuTicks(long pid) throws IOException {
        Map<String, Long> ticks = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                // pid (comm) state ppid ... : comm may hold spaces, so split after the last ')'.
                String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (!comm.startsWith("fqlab-worker")) {
                    continue;
                }
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
                ticks.merge(comm, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
            }
        }
        return ticks;
    }

    /** USER_HZ: 100 on every Linux architecture Java runs on. */
    private static double ticksPerSecond() {
        return 100.0;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return options;
    }

    private record Fetcher(HttpClient http, String base, String token) {

        CompletableFuture<HttpResponse<byte[]>> send(String path, String tag) {
            return http.sendAsync(request(path, tag), HttpResponse.BodyHandlers.ofByteArray());
        }

        String get(String path) throws Exception {
            HttpResponse<String> response = http.send(request(path, "check"), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + response.statusCode());
            }
            return response.body();
        }

        private HttpRequest request(String path, String tag) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                    .header("X-Load", tag).GET();
            if (token != null) {
                builder.header("Authorization", "Bearer " + token);
            }
            return builder.build();
        }
    }

    /** Latencies in nanoseconds, overall and per endpoint of the mix. */
    private static class Samples {
        final Series all = new Series();
        final List<Series> byEndpoint = new ArrayList<>();
        long serverErrors;

        Samples(int endpoints) {
            for (int i = 0; i < endpoints; i++) {
                byEndpoint.add(new Series());
            }
        }

        void add(int endpoint, long nanos) {
            all.add(nanos);
            byEndpoint.get(endpoint).add(nanos);
        }

        /** Exact nearest-rank percentiles of a list of latencies. */
        static final class Series {
            private long[] values = new long[1024];
            private int size;
            private boolean sorted;

            synchronized void add(long nanos) {
                if (size == values.length) {
                    values = Arrays.copyOf(values, size * 2);
                }
                values[size++] = nanos;
                sorted = false;
            }

            synchronized int size() {
                return size;
            }

            /** Milliseconds; NaN when empty. */
            synchronized double percentile(double p) {
                if (size == 0) {
                    return Double.NaN;
                }
                if (!sorted) {
                    Arrays.sort(values, 0, size);
                    sorted = true;
                }
                int rank = (int) Math.ceil(p / 100 * size);
                return values[Math.clamp(rank - 1, 0, size - 1)] / 1e6;
            }

            double max() {
                return percentile(100);
            }

            synchronized double shareAtMost(long nanos) {
                long n = 0;
                for (int i = 0; i < size; i++) {
                    if (values[i] <= nanos) {
                        n++;
                    }
                }
                return size == 0 ? Double.NaN : (double) n / size;
            }

            void print(String label, java.io.PrintStream out) {
                out.printf(Locale.ROOT, "%-44s %7d %8.2f %8.2f %8.2f %8.2f %7.2f%%%n", label, size(), percentile(50),
                        percentile(99), percentile(99.9), max(), 100 * shareAtMost(50_000_000));
            }
        }
    }

    /** The client's view: latencies from due time, errors by kind. */
    private static final class Result extends Samples {
        final AtomicLong due = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        final Map<String, AtomicLong> errorsByKind = new ConcurrentHashMap<>();

        Result(List<Endpoint> mix) {
            super(mix.size());
        }

        void record(int endpoint, long latencyNanos, String error) {
            add(endpoint, latencyNanos);
            if (error != null) {
                errors.incrementAndGet();
                errorsByKind.computeIfAbsent(error, k -> new AtomicLong()).incrementAndGet();
            }
        }
    }

    /**
     * CPU seconds used since boot, from /proc: the whole machine (every state but idle and iowait), the service's
     * process, the PostgreSQL backends serving {@code database} (their process titles name it), and this client.
     */
    private record CpuUse(double all, double service, double postgres, double client) {

        static CpuUse now(Long serverPid, String database) throws IOException {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).getFirst().trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < cpu.length; i++) {
                // user nice system idle iowait irq softirq steal guest guest_nice: guest time is inside user already.
                if (i != 4 && i != 5 && i < 9) {
                    busy += Long.parseLong(cpu[i]);
                }
            }
            double postgres = 0;
            if (database != null) {
                try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
                    for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                        try {
                            String title = Files.readString(process.resolve("cmdline")).replace('\0', ' ');
                            if (title.startsWith("postgres: ") && title.contains(" " + database + " ")) {
                                postgres += processTicks(process);
                            }
                        } catch (IOException gone) {
                            // ended meanwhile
                        }
                    }
                }
            }
            double tick = ticksPerSecond();
            return new CpuUse(busy / tick, serverPid == null ? 0 : processTicks(Path.of("/proc", serverPid.toString())) / tick,
                    postgres / tick, processTicks(Path.of("/proc/self")) / tick);
        }

        private static long processTicks(Path process) throws IOException {
            String stat = Files.readString(process.resolve("stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }

        CpuUse minus(CpuUse before) {
            return new CpuUse(all - before.all, service - before.service, postgres - before.postgres, client - before.client);
        }

        double other() {
            return all - service - postgres - client;
        }
    }

    /** Tomcat's access log in the pattern {@code %{X-Load}i %s %D ...}: the lines of one phase. */
    private static final class AccessLog {

        static Samples read(Path file, String phase, List<Endpoint> mix) throws IOException {
            Samples samples = new Samples(mix.size());
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                if (f.length < 3 || !f[0].startsWith(phase + "/")) {
                    continue;
                }
                int endpoint = Integer.parseInt(f[0].substring(phase.length() + 1));
                samples.add(endpoint, Long.parseLong(f[2]) * 1000);
                if (f[1].startsWith("5")) {
                    samples.serverErrors++;
                }
            }
            return samples;
        }
    }

    /**
     * The GET requests of {@code http_server_requests_seconds} summed over every series but the scrape itself:
     * cumulative count per bucket bound (seconds).
     */
    private record Histogram(TreeMap<Double, Double> buckets, double count, double sum, long serverErrors) {

        static Histogram scrape(String text) {
            TreeMap<Double, Double> buckets = new TreeMap<>();
            double count = 0;
            double sum = 0;
            long serverErrors = 0;
            for (String line : text.split("\n")) {
                Matcher m = SAMPLE.matcher(line);
                if (!m.find() || !m.group(1).startsWith("http_server_requests_seconds")) {
                    continue;
                }
                Map<String, String> labels = new LinkedHashMap<>();
                Matcher l = LABEL.matcher(m.group(3) == null ? "" : m.group(3));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
                if (!"GET".equals(labels.get("method")) || "/actuator/prometheus".equals(labels.get("uri"))) {
                    continue;
                }
                double value = Double.parseDouble(m.group(4));
                switch (m.group(1)) {
                    case "http_server_requests_seconds_bucket" -> {
                        String le = labels.get("le");
                        buckets.merge(le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le), value, Double::sum);
                    }
                    case "http_server_requests_seconds_count" -> {
                        count += value;
                        if (labels.getOrDefault("status", "").startsWith("5")) {
                            serverErrors += (long) value;
                        }
                    }
                    case "http_server_requests_seconds_sum" -> sum += value;
                    default -> {
                    }
                }
            }
            return new Histogram(buckets, count, sum, serverErrors);
        }

        Histogram minus(Histogram before) {
            TreeMap<Double, Double> difference = new TreeMap<>();
            buckets.forEach((le, n) -> difference.put(le, n - before.buckets.getOrDefault(le, 0.0)));
            return new Histogram(difference, count - before.count, sum - before.sum, serverErrors - before.serverErrors);
        }

        /** The smallest bucket bound (ms) under which at least {@code q} of the requests fell. */
        double bound(double q) {
            for (Map.Entry<Double, Double> e : buckets.entrySet()) {
                if (e.getValue() >= q * count - 1e-9) {
                    return e.getKey() * 1000;
                }
            }
            return Double.POSITIVE_INFINITY;
        }

        /** The largest bucket bound (ms) that the slowest request fell under. */
        double maxBound() {
            return bound(1.0);
        }

        void print(String label, java.io.PrintStream out) {
            Double under50 = buckets.get(0.05);
            out.printf(Locale.ROOT, "%-44s %7.0f %8s %8s %8s %8s %8s%n", label, count, "≤" + fmt(bound(0.5)),
                    "≤" + fmt(bound(0.99)), "≤" + fmt(bound(0.999)), "≤" + fmt(maxBound()),
                    under50 == null || count == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f%%", 100 * under50 / count));
        }

        private static String fmt(double ms) {
            return String.format(Locale.ROOT, ms < 10 ? "%.2f" : "%.1f", ms);
        }
    }
}
