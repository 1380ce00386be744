package dev.fqlab.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * {@code X-Content-Type-Options: nosniff} on every response, and a Content-Security-Policy that fits what the response
 * is, chosen when its Content-Type is set:
 * <ul>
 *   <li>HTML (the reports, the scenario reference): they inline their CSS and SVG and fetch nothing, so nothing but
 *   inline styles and data: images; no scripts nor base URI; forms only to this origin (the report's compare form, a
 *   GET); framed only by pages of the same origin;</li>
 *   <li>SVG plots: inline styles only, framed only by the same origin (an SVG opened on its own could run script);</li>
 *   <li>Swagger UI: its own scripts, styles and calls to this origin; never framed, since it can send requests;</li>
 *   <li>everything else (JSON, problems, CSV, text): nothing at all, never framed (OWASP's REST guidance).</li>
 * </ul>
 * The container's own error answers get the last one from {@link ProblemErrorReportValve}.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class SecurityHeaders extends OncePerRequestFilter {

    public static final String NOSNIFF = "nosniff";
    public static final String CSP = "Content-Security-Policy";
    public static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";
    public static final String HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'self'";
    public static final String SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";
    public static final String SWAGGER_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self' "
            + "'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("X-Content-Type-Options", NOSNIFF);
        boolean swagger = request.getRequestURI().startsWith(request.getContextPath() + "/swagger-ui");
        response.setHeader(CSP, swagger ? SWAGGER_POLICY : API_POLICY);
        chain.doFilter(request, swagger ? response : new PolicyByContentType(response));
    }

    /** Also on error dispatches, so a response the container forwards to /error keeps its headers. */
    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    /** The policy for a Content-Type. */
    static String policyFor(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (type.startsWith("text/html")) {
            return HTML_POLICY;
        }
        if (type.startsWith("image/svg+xml")) {
            return SVG_POLICY;
        }
        return API_POLICY;
    }

    /** Picks the policy when the Content-Type is set, however the application sets it. */
    private static final class PolicyByContentType extends HttpServletResponseWrapper {

        PolicyByContentType(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setContentType(String type) {
            super.setContentType(type);
            choose(type);
        }

        @Override
        public void setHeader(String name, String value) {
            super.setHeader(name, value);
            if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)) {
                choose(value);
            }
        }

        @Override
        public void addHeader(String name, String value) {
            super.addHeader(name, value);
            if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)) {
                choose(value);
            }
        }

        private void choose(String type) {
            if (!isCommitted()) {
                super.setHeader(CSP, policyFor(type));
            }
        }
    }
}
