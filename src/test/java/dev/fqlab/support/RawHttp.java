package dev.fqlab.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Requests a well-behaved client cannot send (a raw byte in the request line, a broken header, a wrong
 * Content-Length): the bytes go out on a socket as they are, and the answer is read until the server closes.
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** One answer; {@code status} is 0 when the server closed without a status line. */
    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String contentType() {
            return headers.getOrDefault("content-type", "");
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + body;
        }
    }

    /** {@code method path} with {@code headers} and {@code body} (null: none), exactly as given. */
    public static Response send(int port, String method, String path, Map<String, String> headers, byte[] body) {
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: localhost:").append(port).append("\r\nConnection: close\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] start = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] request = java.util.Arrays.copyOf(start, start.length + (body == null ? 0 : body.length));
        if (body != null) {
            System.arraycopy(body, 0, request, start.length, body.length);
        }
        return send(port, request);
    }

    /** Sends {@code request} (ISO-8859-1 text, so any byte can be written as a char) to localhost:{@code port}. */
    public static Response send(int port, String request) {
        return send(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    public static Response send(int port, byte[] request) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    answer.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException | java.net.SocketException e) {
                // keep what arrived
            }
            return parse(answer.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response parse(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1); // one char per byte: indexes are byte offsets
        int end = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/") || end < 0) {
            return new Response(0, Map.of(), new String(bytes, StandardCharsets.UTF_8));
        }
        String[] head = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(head[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < head.length; i++) {
            int colon = head[i].indexOf(':');
            headers.put(head[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), head[i].substring(colon + 1).trim());
        }
        String body = text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = unchunk(body);
        }
        return new Response(status, headers, new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
    }

    private static String unchunk(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < body.length()) {
            int lineEnd = body.indexOf("\r\n", at);
            if (lineEnd < 0) {
                break;
            }
            int size = Integer.parseInt(body.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, lineEnd + 2, Math.min(body.length(), lineEnd + 2 + size));
            at = lineEnd + 2 + size + 2;
        }
        return out.toString();
    }
}
