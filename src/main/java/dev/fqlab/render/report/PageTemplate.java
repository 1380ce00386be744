package dev.fqlab.render.report;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * An HTML page from a Mustache template under {@code /render}, with the shared stylesheet available to it as
 * {@code {{{css}}}}: pages inline their CSS so that a saved copy reads the same offline.
 */
final class PageTemplate {

    private static final String CSS = "/render/report.css";

    private final Template template;
    private final Map<String, String> shared;

    PageTemplate(String resource) {
        // JMustache's default compiler escapes HTML and throws on a missing name: a typo fails the tests.
        this.template = Mustache.compiler().compile(read(resource));
        this.shared = Map.of("css", read(CSS));
    }

    String render(Object model) {
        StringWriter out = new StringWriter();
        template.execute(model, shared, out);
        return out.toString();
    }

    private static String read(String resource) {
        try (InputStream in = Objects.requireNonNull(PageTemplate.class.getResourceAsStream(resource), resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
