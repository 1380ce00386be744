package dev.fqlab.scenario;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * RFC 7396 JSON Merge Patch, used to apply a request's {@code overrides} to a preset: objects merge member by
 * member, a null member removes that member, anything else (arrays included) replaces the target wholesale.
 */
public final class JsonMergePatch {

    private JsonMergePatch() {
    }

    /**
     * The result of applying {@code patch} to {@code target} (RFC 7396 §2). Neither argument is modified. A Java
     * null {@code target} is treated as absent (an object patch then builds a new object); a Java null
     * {@code patch} means "no patch" and returns a copy of the target.
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        if (patch == null) {
            return target == null ? null : target.deepCopy();
        }
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject()
                ? (ObjectNode) target.deepCopy()
                : JsonNodeFactory.instance.objectNode(); // a non-object target is replaced by an empty object
        for (Map.Entry<String, JsonNode> member : patch.properties()) {
            if (member.getValue().isNull()) {
                result.remove(member.getKey());
            } else {
                result.set(member.getKey(), apply(result.get(member.getKey()), member.getValue()));
            }
        }
        return result;
    }
}
