package dev.fqlab.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy in front of the test PostgreSQL that a test can cut, to simulate a database outage without touching
 * the server other tests share. {@link #cut()} does what a PostgreSQL that goes down does to its clients: every open
 * connection is closed and new ones are refused (nothing listens on the port); {@link #restore()} listens again on
 * the same port. Hand-written rather than Toxiproxy, which needs its own server (or Docker) on the machine.
 */
public final class TcpProxy implements AutoCloseable {

    private static final Pattern JDBC_HOST_PORT = Pattern.compile("(jdbc:postgresql://)([^:/?]+)(?::(\\d+))?(/.*)");

    private final InetSocketAddress target;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private ServerSocket server;

    private TcpProxy(InetSocketAddress target) {
        this.target = target;
        this.server = listen(0);
        this.port = server.getLocalPort();
        accept(server);
    }

    /** A proxy to the server of {@code db}, forwarding (not cut). */
    public static TcpProxy to(TestDatabase.Conn db) {
        Matcher m = matcher(db.url());
        return new TcpProxy(new InetSocketAddress(m.group(2), m.group(3) == null ? 5432 : Integer.parseInt(m.group(3))));
    }

    /** {@code db} reached through this proxy. */
    public TestDatabase.Conn through(TestDatabase.Conn db) {
        Matcher m = matcher(db.url());
        return new TestDatabase.Conn(m.group(1) + "127.0.0.1:" + port + m.group(4), db.user(), db.password(), db.kind());
    }

    /** Closes every proxied connection and stops listening: connecting is refused until {@link #restore()}. */
    public synchronized void cut() {
        if (server == null) {
            return;
        }
        close(server);
        server = null;
        open.forEach(TcpProxy::close);
        open.clear();
    }

    /** Listens again on the same port. */
    public synchronized void restore() {
        if (server == null) {
            server = listen(port);
            accept(server);
        }
    }

    @Override
    public void close() {
        cut();
    }

    private void accept(ServerSocket listening) {
        Thread.ofVirtual().name("tcp-proxy-accept").start(() -> {
            while (!listening.isClosed()) {
                Socket client;
                try {
                    client = listening.accept();
                } catch (IOException closed) {
                    return;
                }
                Socket upstream = new Socket();
                try {
                    upstream.connect(target, 5_000);
                } catch (IOException e) {
                    close(client);
                    close(upstream);
                    continue;
                }
                synchronized (this) {
                    if (server != listening) {
                        // Cut while this connection was being set up.
                        close(client);
                        close(upstream);
                        return;
                    }
                    open.add(client);
                    open.add(upstream);
                }
                pump(client, upstream);
                pump(upstream, client);
            }
        });
    }

    private void pump(Socket from, Socket to) {
        Thread.ofVirtual().name("tcp-proxy-pump").start(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException ignored) {
                // one side closed: close both below
            } finally {
                close(from);
                close(to);
                open.remove(from);
                open.remove(to);
            }
        });
    }

    private static ServerSocket listen(int port) {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    private static Matcher matcher(String url) {
        Matcher m = JDBC_HOST_PORT.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a jdbc:postgresql://host[:port]/… URL: " + url);
        }
        return m;
    }

    private static void close(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
