package dev.fqlab.support;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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

    /** Starts an instance on {@code db} with short heartbeat settings and waits until it is ready. */
    public static ChildInstance start(TestDatabase.Conn db, String instanceName, String... extraArgs) throws IOException {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"),
                "dev.fqlab.FqlabApplication",
                "--server.port=" + port,
                "--spring.datasource.url=" + db.url(),
                "--spring.datasource.username=" + (db.user() == null ? "" : db.user()),
                "--spring.datasource.password=" + (db.password() == null ? "" : db.password()),
                "--fqlab.instance-name=" + instanceName,
                "--fqlab.workers=1",
                "--fqlab.progress-interval=100ms",
                "--db-scheduler.polling-interval=200ms",
                // Dead after 4 missed 500 ms heartbeats; looked for every second.
                "--db-scheduler.heartbeat-interval=500ms",
                "--db-scheduler.missed-heartbeats-limit=4"));
        command.addAll(List.of(extraArgs));
        File log = Path.of("target", "child-" + instanceName + ".log").toFile();
        Files.createDirectories(log.toPath().getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        ChildInstance child = new ChildInstance(instanceName, process, port);
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
