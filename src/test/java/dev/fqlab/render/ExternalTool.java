package dev.fqlab.render;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A program from outside the JVM that a test drives (flent, chromium, prometheus, docker-compose, a linter).
 * When it is missing, the test fails under CI ({@code CI=true}, where .ci/run installs it) and is skipped with
 * the install command elsewhere, so a developer without it can still run {@code ./mvnw verify}.
 */
public record ExternalTool(String name, Path path) {

    /** Finds {@code name} on the PATH or at one of {@code candidates}; fails or skips (see above) when absent. */
    public static ExternalTool require(String name, String howToInstall, Path... candidates) {
        return find(name, candidates).orElseGet(() -> {
            String message = name + " is not installed (" + howToInstall + "; .ci/run installs it)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message);
            }
            Assumptions.abort(message);
            throw new AssertionError("unreachable");
        });
    }

    static Optional<ExternalTool> find(String name, Path... candidates) {
        List<Path> places = new ArrayList<>(List.of(candidates));
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                places.add(Path.of(dir, name));
            }
        }
        return places.stream().filter(Files::isExecutable).findFirst().map(p -> new ExternalTool(name, p));
    }

    /** Runs the tool to completion; output (stdout and stderr together) goes to {@code log}. */
    public Run run(Path workDir, Path log, Map<String, String> env, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(path.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            fail(name + " " + String.join(" ", args) + " did not finish within " + timeoutSeconds + " s; see " + log);
        }
        return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /** Starts the tool in the background; the caller stops it. */
    public Process start(Path workDir, Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(path.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    public record Run(int exitCode, String output) {
    }
}
