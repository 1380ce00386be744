package dev.fqlab.support;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The service in a separate JVM (same classpath as the tests), so a test can kill it the hard way
 * ({@code kill -9}) and start it again. Its output goes to {@code target/child-<name>.log}.
 */
public final class ChildInstance implements AutoCloseable {

    private final String name;
    private final Process process;
    private final int port;

    private ChildInstance(String name, Process process, int port) {
        this.name = name;
        this.process = process;
        this.port = port;
    }

    /**
     * Starts an instance on {@code db} with short heartbeat settings and waits until it is ready.
     * {@code extraArgs} ({@code --property=value}) replace the defaults below or add to them; an argument starting
     * with {@code -X} is an option for the JVM instead (e.g. {@code -XX:TieredStopAtLevel=1}: a faster start-up,
     * a slower simulation).
     */
    public static ChildInstance start(TestDatabase.Conn db, String instanceName, String... extraArgs) throws IOException {
        int port = freePort();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", Integer.toString(port));
        properties.put("spring.datasource.url", db.url());
        properties.put("spring.datasource.username", db.user() == null ? "" : db.user());
        properties.put("spring.datasource.password", db.password() == null ? "" : db.password());
        properties.put("fqlab.instance-name", instanceName);
        properties.put("fqlab.workers", "1");
        properties.put("fqlab.progress-interval", "100ms");
        properties.put("db-scheduler.polling-interval", "200ms");
        // Dead after 4 missed 500 ms heartbeats; looked for every second.
        properties.put("db-scheduler.heartbeat-interval", "500ms");
        properties.put("db-scheduler.missed-heartbeats-limit", "4");
        List<String> jvmOptions = new ArrayList<>();
        for (String arg : extraArgs) {
            if (arg.startsWith("-X")) {
                jvmOptions.add(arg);
                continue;
            }
            // Spring joins a repeated command-line property with commas, so a replacement must replace.
            int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 0) {
                throw new IllegalArgumentException("expected --property=value, got " + arg);
            }
            properties.put(arg.substring(2, equals), arg.substring(equals + 1));
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.fqlab.FqlabApplication"));
        properties.forEach((name, value) -> command.add("--" + name + "=" + value));
        File log = Path.of("target", "child-" + instanceName + ".log").toFile();
        Files.createDirectories(log.toPath().getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        ChildInstance child = new ChildInstance(instanceName, process, Integer.parseInt(properties.get("server.port")));
        child.awaitReady(log);
        return child;
    }

    public Api api() {
        return new Api(port);
    }

    public String name() {
        return name;
    }

    /** kill -9: no shutdown hook, no handover; the job's heartbeat simply stops. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** A graceful stop (SIGTERM, as docker stop sends), waiting until the process has exited. */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new IllegalStateException("instance " + name + " did not stop within 60 s");
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    private void awaitReady(File log) {
        Api api = api();
        try {
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250)).until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("instance " + name + " exited with " + process.exitValue()
                            + "; see " + log.getAbsolutePath());
                }
                try {
                    return api.get("/actuator/health/readiness").status() == 200;
                } catch (IllegalStateException notYetListening) {
                    return false;
                }
            });
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
