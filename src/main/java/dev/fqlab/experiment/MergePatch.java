package dev.fqlab.experiment;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * RFC 7396 JSON merge patch. Stand-in until the parser's {@code dev.fqlab.scenario.JsonMergePatch} lands on
 * main; then this class goes.
 */
final class MergePatch {

    private MergePatch() {
    }

    static JsonNode apply(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject() ? (ObjectNode) target : JsonNodeFactory.instance.objectNode();
        for (String field : List.copyOf(patch.propertyNames())) {
            JsonNode value = patch.get(field);
            if (value.isNull()) {
                result.remove(field);
            } else {
                result.set(field, apply(result.get(field), value));
            }
        }
        return result;
    }
}
