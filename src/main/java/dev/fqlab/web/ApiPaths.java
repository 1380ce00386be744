package dev.fqlab.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.util.UrlPathHelper;

/**
 * Whether a request goes to the API, judged on the path as Spring MVC matches it, not on the raw URI: a filter
 * that tested the raw URI would let {@code /api;x=1/v1/…} or {@code /%61pi/v1/…} reach the API's controllers
 * without passing it (Spring strips path parameters and decodes before matching).
 */
public final class ApiPaths {

    /** Decodes %xx, removes ";…" path parameters and collapses "//", like Spring MVC's lookup path. */
    private static final UrlPathHelper PATHS = new UrlPathHelper();

    private ApiPaths() {
    }

    public static boolean isApi(HttpServletRequest request) {
        String path = PATHS.getPathWithinApplication(request);
        return path.equals("/api") || path.startsWith("/api/");
    }
}
