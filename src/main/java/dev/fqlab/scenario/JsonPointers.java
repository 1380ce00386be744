package dev.fqlab.scenario;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * RFC 6901 JSON Pointers as sweeps use them: parsed strictly, and used to put a value into a scenario document.
 */
public final class JsonPointers {

    private JsonPointers() {
    }

    /**
     * The reference tokens of {@code pointer}, unescaped; null when it is not an RFC 6901 pointer into the
     * document (it must be non-empty and start with '/'; '~' only as "~0" or "~1").
     */
    public static List<String> tokens(String pointer) {
        if (pointer == null || pointer.isEmpty() || pointer.charAt(0) != '/') {
            return null;
        }
        List<String> tokens = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 1; i <= pointer.length(); i++) {
            char c = i < pointer.length() ? pointer.charAt(i) : '/';
            if (c == '/') {
                tokens.add(token.toString());
                token.setLength(0);
            } else if (c == '~') {
                char next = i + 1 < pointer.length() ? pointer.charAt(i + 1) : 0;
                if (next != '0' && next != '1') {
                    return null;
                }
                token.append(next == '0' ? '~' : '/');
                i++;
            } else {
                token.append(c);
            }
        }
        return tokens;
    }

    /** Whether {@code pointer} is {@code ancestor} or lies below it ("/a/b" is under "/a", "/ab" is not). */
    public static boolean isUnder(String pointer, String ancestor) {
        return pointer.equals(ancestor) || pointer.startsWith(ancestor + "/");
    }

    /**
     * Puts {@code value} (copied) at {@code pointer} in {@code document}: an object member is added or replaced,
     * an array element replaced (its index must exist). Missing objects on the way are created, so a pointer may
     * name a field the document leaves to its default ({@code /stack/qdisc} in a scenario without
     * {@code stack}). Returns null when done, else why it cannot be done (the document is then unchanged up to
     * the objects created on the way).
     */
    public static String set(ObjectNode document, String pointer, JsonNode value) {
        List<String> tokens = tokens(pointer);
        if (tokens == null) {
            return "not a JSON Pointer into the scenario (RFC 6901: \"/field/0/field\", '~' written as ~0, '/' as ~1)";
        }
        JsonNode current = document;
        StringBuilder at = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            boolean last = i == tokens.size() - 1;
            if (current instanceof ObjectNode object) {
                if (last) {
                    object.set(token, value.deepCopy());
                    return null;
                }
                JsonNode child = object.get(token);
                if (child == null || child.isNull()) {
                    child = object.putObject(token);
                }
                current = child;
            } else if (current instanceof ArrayNode array) {
                int index = index(token);
                if (index < 0 || index >= array.size()) {
                    return "the scenario has no element " + pointerTo(at) + "/" + token + " (the array has "
                            + array.size() + " elements; a value can replace an element, not add one)";
                }
                if (last) {
                    array.set(index, value.deepCopy());
                    return null;
                }
                current = array.get(index);
            } else {
                return "the scenario's " + pointerTo(at) + " is " + kind(current) + ", not an object or array";
            }
            at.append('/').append(token.replace("~", "~0").replace("/", "~1"));
        }
        return "not a JSON Pointer into the scenario";
    }

    private static String pointerTo(StringBuilder at) {
        return at.isEmpty() ? "root" : at.toString();
    }

    /** An array index as RFC 6901 writes it: digits without leading zeros; -1 otherwise. */
    private static int index(String token) {
        if (token.isEmpty() || token.length() > 9 || (token.length() > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(token);
    }

    private static String kind(JsonNode node) {
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isString()) {
            return "a string";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        return "null";
    }
}
