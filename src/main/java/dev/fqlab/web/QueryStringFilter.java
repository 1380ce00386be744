package dev.fqlab.web;

import dev.fqlab.scenario.Text;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Checks the query string before anything reads a parameter: each name and value must be valid percent-encoded
 * UTF-8 ({@code %ff}, {@code %zz} or a lone {@code %} are not) without control characters, and there may be at most
 * {@link #MAX_PARAMETERS}. Otherwise the answer is a 400 problem naming each bad parameter. Tomcat would instead throw
 * from the first {@code getParameter} (a 500 with a stack trace), or drop the parameter silently.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 15)
public class QueryStringFilter extends OncePerRequestFilter {

    /** More than any endpoint takes; Tomcat's own limit (1000) would end in a 500. */
    static final int MAX_PARAMETERS = 100;
    /** A query of a thousand bad parameters gets the first few named. */
    private static final int MAX_ERRORS = 20;

    private final HandlerExceptionResolver resolver;

    public QueryStringFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
        this.resolver = resolver;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        List<ApiError> errors = problems(request.getQueryString());
        if (!errors.isEmpty()) {
            resolver.resolveException(request, response, null, ApiProblem.invalid(errors));
            return;
        }
        chain.doFilter(request, response);
    }

    /** Every problem of a raw query string, one per bad parameter. */
    static List<ApiError> problems(String query) {
        List<ApiError> errors = new ArrayList<>();
        if (query == null || query.isEmpty()) {
            return errors;
        }
        int count = 0;
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty()) {
                continue; // "&&": Tomcat skips it too
            }
            count++;
            int equals = pair.indexOf('=');
            String rawName = equals < 0 ? pair : pair.substring(0, equals);
            String rawValue = equals < 0 ? "" : pair.substring(equals + 1);
            if (count == MAX_PARAMETERS + 1) {
                errors.add(ApiError.parameter(rawName.isEmpty() ? pair : rawName, "one query parameter too many: at most "
                        + MAX_PARAMETERS + " per request"));
            }
            if (errors.size() >= MAX_ERRORS) {
                continue; // enough said; only counting now
            }
            if (rawName.isEmpty()) {
                // "=x": Tomcat refuses a value without a name (as a 500); named here by what was written
                errors.add(ApiError.parameter(pair, "a query parameter needs a name before '='"));
                continue;
            }
            String name = decode(rawName);
            String problem = name == null ? "its name is not valid percent-encoded UTF-8" : Text.label(name) != null
                    ? "its name " + Text.label(name) : null;
            if (problem == null) {
                String value = decode(rawValue);
                problem = value == null ? "not valid percent-encoded UTF-8 (encode each byte of the UTF-8 text as %XX)"
                        : Text.label(value);
            }
            if (problem != null) {
                errors.add(ApiError.parameter(name == null || Text.label(name) != null ? rawName : name, problem));
            }
        }
        return errors;
    }

    /** {@code application/x-www-form-urlencoded} decoding as Tomcat does it, but strict: null when malformed. */
    private static String decode(String raw) {
        if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int high = Character.digit(raw.charAt(i + 1), 16);
                int low = Character.digit(raw.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
