package dev.fqlab.render;

import dev.fqlab.support.Api;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Debian's chromium, headless, driven over the DevTools protocol with the JDK's WebSocket client: open a page,
 * collect what the browser reports about it (console errors, uncaught exceptions, failed or non-2xx loads, every
 * URL requested) and take a screenshot. The flags are the ones this machine needs (no sandbox as root, and none of
 * the background traffic that fails on the closed network).
 */
final class HeadlessChromium implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final Path profile;
    private final Protocol protocol = new Protocol();
    private WebSocket socket;

    private HeadlessChromium(Process process, Path profile) {
        this.process = process;
        this.profile = profile;
    }

    static HeadlessChromium start(ExternalTool chromium) throws IOException {
        Path profile = Files.createTempDirectory("fqlab-chromium");
        Path log = Path.of("target", "chromium.log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        Process process = chromium.start(profile, log, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank");
        HeadlessChromium browser = new HeadlessChromium(process, profile);
        try {
            int port = devToolsPort(process, profile.resolve("DevToolsActivePort"), log);
            browser.socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(pageSocket(port)), browser.protocol).get(30, TimeUnit.SECONDS);
            return browser;
        } catch (Exception e) {
            browser.close();
            throw new IllegalStateException("chromium did not start; see " + log, e);
        }
    }

    /** What loading one page showed. */
    record PageLoad(List<String> errors, List<String> requestedUrls, byte[] screenshot, JsonNode facts) {
    }

    /**
     * Loads {@code url} in a {@code width}-pixel-wide window, evaluates {@code factsScript} (an expression that
     * returns a JSON-serializable value) once the load event fired, and screenshots the whole page.
     */
    PageLoad open(String url, int width, String factsScript) throws Exception {
        protocol.events.clear(); // a page's report covers that page only
        for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
            call(domain + ".enable", null);
        }
        call("Emulation.setDeviceMetricsOverride", object().put("width", width).put("height", 900)
                .put("deviceScaleFactor", 1).put("mobile", false));
        CompletableFuture<JsonNode> loaded = protocol.nextEvent("Page.loadEventFired");
        JsonNode navigation = call("Page.navigate", object().put("url", url));
        if (navigation.has("errorText")) {
            throw new IllegalStateException("navigation to " + url + " failed: " + navigation.get("errorText"));
        }
        loaded.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        // The facts may be a promise (a page that renders after load, like Swagger UI): awaited either way.
        JsonNode facts = call("Runtime.evaluate", object()
                .put("expression", "Promise.resolve(" + factsScript + ").then(JSON.stringify)")
                .put("awaitPromise", true).put("returnByValue", true)).path("result").path("value");
        JsonNode size = call("Page.getLayoutMetrics", null).path("cssContentSize");
        ObjectNode clip = object().put("x", 0).put("y", 0).put("width", size.path("width").asDouble())
                .put("height", size.path("height").asDouble()).put("scale", 1);
        ObjectNode screenshot = object().put("format", "png").put("captureBeyondViewport", true);
        screenshot.set("clip", clip);
        byte[] png = Base64.getDecoder().decode(call("Page.captureScreenshot", screenshot).path("data").asString());
        return new PageLoad(protocol.errors(), protocol.requestedUrls(), png,
                facts.isString() ? Api.JSON.readTree(facts.asString()) : facts);
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        int id = protocol.ids.incrementAndGet();
        ObjectNode message = object().put("id", id).put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        protocol.pending.put(id, answer);
        socket.sendText(Api.JSON.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.path("result");
    }

    private static ObjectNode object() {
        return Api.JSON.createObjectNode();
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.abort();
        }
        // Chromium's helper processes (network service, GPU, renderers) can outlive the browser process for a moment
        // and still write into the profile: stop them too, then delete what is left.
        List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        helpers.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            for (ProcessHandle helper : helpers) {
                helper.onExit().get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            helpers.forEach(ProcessHandle::destroyForcibly);
        }
        deleteProfile();
    }

    /**
     * Deletes the temporary profile, best effort: a file that vanishes during the walk (a helper process removing its
     * own temporary file, as "Network Persistent State" once did in CI) ends one attempt, and the next starts again.
     */
    private void deleteProfile() {
        for (int attempt = 0; attempt < 3; attempt++) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                return;
            } catch (IOException | java.io.UncheckedIOException ignored) {
                // walked over a file deleted meanwhile: try again
            }
        }
    }

    private static int devToolsPort(Process process, Path portFile, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("chromium exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (Files.exists(portFile)) {
                List<String> lines = Files.readAllLines(portFile);
                if (!lines.isEmpty() && !lines.getFirst().isBlank()) {
                    return Integer.parseInt(lines.getFirst().trim());
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("chromium wrote no DevToolsActivePort within " + TIMEOUT);
    }

    private static String pageSocket(int port) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                HttpResponse<String> list = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/json/list")).build(), HttpResponse.BodyHandlers.ofString());
                for (JsonNode target : Api.JSON.readTree(list.body())) {
                    if ("page".equals(target.path("type").asString())) {
                        return target.get("webSocketDebuggerUrl").asString();
                    }
                }
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("chromium has no page target");
    }

    /** The WebSocket side: answers to calls by id, events kept as the browser reports them. */
    private static final class Protocol implements WebSocket.Listener {
        final AtomicInteger ids = new AtomicInteger();
        final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        final List<JsonNode> events = new CopyOnWriteArrayList<>();
        final Map<String, CompletableFuture<JsonNode>> awaited = new ConcurrentHashMap<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                JsonNode message = Api.JSON.readTree(partial.toString());
                partial.setLength(0);
                if (message.has("id")) {
                    CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
                    if (answer != null) {
                        answer.complete(message);
                    }
                } else {
                    events.add(message);
                    CompletableFuture<JsonNode> waiting = awaited.remove(message.path("method").asString());
                    if (waiting != null) {
                        waiting.complete(message);
                    }
                }
            }
            webSocket.request(1);
            return null;
        }

        CompletableFuture<JsonNode> nextEvent(String method) {
            return awaited.computeIfAbsent(method, m -> new CompletableFuture<>());
        }

        /** Everything the browser would show in red in its DevTools console. */
        List<String> errors() {
            List<String> errors = new ArrayList<>();
            for (JsonNode event : events) {
                JsonNode p = event.path("params");
                switch (event.path("method").asString()) {
                    case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
                    case "Runtime.consoleAPICalled" -> {
                        if (List.of("error", "assert").contains(p.path("type").asString())) {
                            errors.add("console." + p.path("type").asString() + ": " + p.path("args"));
                        }
                    }
                    case "Log.entryAdded" -> {
                        if ("error".equals(p.path("entry").path("level").asString())) {
                            errors.add("log: " + p.path("entry").path("text").asString() + " " + p.path("entry").path("url").asString());
                        }
                    }
                    case "Network.loadingFailed" -> errors.add("load failed: " + p.path("errorText").asString());
                    case "Network.responseReceived" -> {
                        int status = p.path("response").path("status").asInt();
                        if (status >= 400) {
                            errors.add("HTTP " + status + ": " + p.path("response").path("url").asString());
                        }
                    }
                    default -> {
                    }
                }
            }
            return errors;
        }

        List<String> requestedUrls() {
            return events.stream().filter(e -> "Network.requestWillBeSent".equals(e.path("method").asString()))
                    .map(e -> e.path("params").path("request").path("url").asString()).toList();
        }
    }
}
