package dev.fqlab.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Counts the HTTP requests this instance is answering right now, so that simulations can step aside while there
 * are any (see {@code dev.fqlab.jobs.ExperimentRun}): the first filter, so the count covers all of a request.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestsInFlight extends OncePerRequestFilter {

    private final AtomicInteger count = new AtomicInteger();
    /** System.nanoTime() when the last request ended (or the instance started). */
    private volatile long lastEnd = System.nanoTime();

    /** Whether any request is being answered. */
    public boolean any() {
        return count.get() > 0;
    }

    /**
     * Whether no request has been answered for {@code nanos}: background work that may take a core for tens of
     * milliseconds waits for that, so that it does not start between two requests of a busy client.
     */
    public boolean quietFor(long nanos) {
        return count.get() == 0 && System.nanoTime() - lastEnd >= nanos;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        count.incrementAndGet();
        try {
            chain.doFilter(request, response);
        } finally {
            lastEnd = System.nanoTime();
            count.decrementAndGet();
        }
    }
}
