package dev.fqlab.render.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

/**
 * Where normalized scenarios differ, as JSON Pointers (RFC 6901) with each scenario's value there: objects are
 * compared member by member, arrays element by element; a value that is not an object or array on every side is
 * one difference. A member or element one scenario lacks reads as JSON null. {@code /name} is left out: it names a
 * run, it does not configure one.
 */
public final class ScenarioDiff {

    private ScenarioDiff() {
    }

    /** One place where the scenarios differ. */
    public record Difference(String pointer, List<JsonNode> values) {
    }

    public static List<Difference> of(List<JsonNode> scenarios) {
        List<Difference> out = new ArrayList<>();
        walk("", scenarios, out);
        out.removeIf(d -> d.pointer().equals("/name"));
        return out;
    }

    private static void walk(String pointer, List<JsonNode> values, List<Difference> out) {
        if (values.stream().allMatch(v -> v != null && v.isObject())) {
            Set<String> names = new LinkedHashSet<>();
            values.forEach(v -> names.addAll(v.propertyNames()));
            for (String name : names) {
                walk(pointer + "/" + escape(name), values.stream().map(v -> v.get(name)).toList(), out);
            }
        } else if (values.stream().allMatch(v -> v != null && v.isArray())) {
            int size = values.stream().mapToInt(JsonNode::size).max().orElse(0);
            for (int i = 0; i < size; i++) {
                int index = i;
                walk(pointer + "/" + i, values.stream().map(v -> index < v.size() ? v.get(index) : null).toList(), out);
            }
        } else if (values.stream().distinct().count() > 1) {
            out.add(new Difference(pointer.isEmpty() ? "" : pointer,
                    values.stream().map(v -> v == null ? (JsonNode) NullNode.getInstance() : v).toList()));
        }
    }

    /** RFC 6901: '~' as "~0", '/' as "~1". */
    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
