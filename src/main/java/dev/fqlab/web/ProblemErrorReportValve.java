package dev.fqlab.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's error page, for the errors it answers itself before the application sees the request (a malformed request
 * line or header, {@code %2F} or {@code %00} in the path, a header too large, an unsupported HTTP version…): an RFC
 * 9457 problem as {@code application/problem+json} instead of Tomcat's HTML page, with the same security headers as
 * every other answer. What the request held is not echoed. Installed as the host's error report valve by
 * {@link ContainerErrorConfiguration}.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

    public ProblemErrorReportValve() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        // As Tomcat's own valve: only errors, only when nothing was written and nobody reported it yet.
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("X-Content-Type-Options", SecurityHeaders.NOSNIFF);
            response.setHeader(SecurityHeaders.CSP, SecurityHeaders.API_POLICY);
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(body(status));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response cannot be written: nothing more to do
        }
    }

    /** The problem document: fixed text only, so nothing needs escaping. */
    static String body(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        String title = known == null ? "Error" : known.getReasonPhrase();
        String detail = switch (status) {
            case 400 -> "The HTTP request is malformed (for example an invalid character or percent-encoding in the "
                    + "path or query, or a malformed or oversized header), so the service did not process it.";
            case 505 -> "This HTTP version is not supported; use HTTP/1.1.";
            default -> status >= 500 ? "The request could not be processed." : title + ".";
        };
        return "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status + ",\"detail\":\""
                + detail + "\"}";
    }
}
