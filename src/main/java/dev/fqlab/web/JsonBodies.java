package dev.fqlab.web;

import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.io.ContentReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads request bodies as JSON trees by hand, so that a controller can collect every problem of a document
 * (rather than stop at the first failed binding) and a syntax error gets a precise, user-facing message.
 */
@Component
public class JsonBodies {

    private final ObjectReader reader;

    public JsonBodies(JsonMapper jsonMapper) {
        // A repeated key would silently win over the first; treat it as the mistake it almost always is.
        // Trailing garbage after the document means the client sent something other than it thinks.
        this.reader = jsonMapper.reader()
                .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The body as a JSON tree; a 400 problem for an empty or malformed body. */
    public JsonNode read(byte[] body) {
        if (body == null || body.length == 0) {
            throw ApiProblem.malformedJson("The request body is empty; send a JSON object.");
        }
        try {
            JsonNode node = reader.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw ApiProblem.malformedJson("The request body is empty; send a JSON object.");
            }
            return node;
        } catch (JacksonException e) {
            TokenStreamLocation location = e.getLocation() != null ? e.getLocation() : locate(body);
            throw ApiProblem.malformedJson("The request body is not valid JSON" + where(location) + ": "
                    + JsonSyntaxMessages.describe(e) + ".");
        }
    }

    /** Where a streaming read stops, for the errors Jackson reports without a location (a limit exceeded). */
    private TokenStreamLocation locate(byte[] body) {
        JsonParser parser = reader.createParser(body);
        try (parser) {
            while (parser.nextToken() != null) {
                // read to the failure
            }
            return null;
        } catch (JacksonException e) {
            if (e.getLocation() != null) {
                return e.getLocation();
            }
            String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
            if (message.contains("nesting depth")) {
                return parser.currentTokenLocation(); // the bracket that went one level too deep
            }
            TokenStreamLocation stop = parser.currentLocation();
            if (message.contains("Number value length") && stop.getByteOffset() > 0) {
                return numberStart(body, (int) Math.min(stop.getByteOffset(), body.length));
            }
            return stop;
        }
    }

    /** Where the number that ends before {@code offset} starts (the parser stops after reading all of it). */
    private static TokenStreamLocation numberStart(byte[] body, int offset) {
        int end = offset;
        while (end > 0 && !isNumberByte(body[end - 1])) {
            end--;
        }
        int start = end;
        while (start > 0 && isNumberByte(body[start - 1])) {
            start--;
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < start; i++) {
            if (body[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new TokenStreamLocation(ContentReference.unknown(), start, -1, line, start - lineStart + 1);
    }

    private static boolean isNumberByte(byte b) {
        return b >= '0' && b <= '9' || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
    }

    private static String where(TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
