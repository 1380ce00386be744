package dev.fqlab.web;

import dev.fqlab.config.FqlabProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * When {@code fqlab.api-token} is set, every /api call needs {@code Authorization: Bearer <token>} (401
 * otherwise). Actuator, OpenAPI and Swagger UI stay open so probes and scrapers need no secret.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiTokenFilter extends OncePerRequestFilter {

    private final byte[] expected;
    private final HandlerExceptionResolver resolver;

    public ApiTokenFilter(FqlabProperties properties,
            @Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
        this.expected = properties.apiToken() == null ? null
                : ("Bearer " + properties.apiToken()).getBytes(StandardCharsets.UTF_8);
        this.resolver = resolver;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return expected == null || !ApiPaths.isApi(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String given = request.getHeader(HttpHeaders.AUTHORIZATION);
        // Constant-time comparison: the answer time says nothing about how much of the token matched.
        if (given == null || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
            resolver.resolveException(request, response, null, ApiProblem.unauthorized());
            return;
        }
        chain.doFilter(request, response);
    }
}
