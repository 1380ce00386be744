package dev.fqlab.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small real-HTTP client for one running instance of the service. */
public final class Api {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String token;

    public Api(int port) {
        this(port, null);
    }

    public Api(int port, String token) {
        this.base = "http://localhost:" + port;
        this.token = token;
    }

    public int port() {
        return Integer.parseInt(base.substring(base.lastIndexOf(':') + 1));
    }

    public Api withToken(String newToken) {
        return new Api(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), newToken);
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response get(String path, String accept) {
        return send(request(path).header("Accept", accept).GET());
    }

    public Response post(String path, String json) {
        return postRaw(path, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    public Response post(String path, String json, String headerName, String headerValue) {
        return send(request(path).header("Content-Type", "application/json").header(headerName, headerValue)
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Response post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    public Response postRaw(String path, String contentType, byte[] body) {
        HttpRequest.Builder builder = request(path).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        return send(builder);
    }

    /** A body without Content-Length (chunked transfer encoding), as a streaming client sends it. */
    public Response postChunked(String path, String contentType, byte[] body) {
        return send(request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))));
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    /** Any method, path, headers and body (null: none), for requests the helpers above do not make. */
    public Response send(String method, String path, java.util.Map<String, String> headers, byte[] body) {
        HttpRequest.Builder builder = request(path).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        return send(builder);
    }

    public Response send(String method, String path) {
        return send(request(path).method(method, HttpRequest.BodyPublishers.noBody()));
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private Response send(HttpRequest.Builder builder) {
        try {
            HttpResponse<String> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response, response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One answer: status, Content-Type, headers, body. */
    public record Response(int status, String contentType, HttpResponse<String> raw, String body) {

        public JsonNode json() {
            return JSON.readTree(body);
        }

        public Optional<String> header(String name) {
            return raw.headers().firstValue(name);
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }
}
