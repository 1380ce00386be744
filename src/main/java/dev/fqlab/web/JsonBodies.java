package dev.fqlab.web;

import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
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
            throw ApiProblem.malformedJson("The request body is not valid JSON" + where(e.getLocation()) + ": "
                    + e.getOriginalMessage());
        }
    }

    private static String where(TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
