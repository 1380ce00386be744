package dev.fqlab.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One swept parameter: the values put at {@code pointer} in the base scenario, one table row each (times the other
 * parameters' values).
 *
 * @param name what tables call it; null to call it by its pointer
 * @param pointer RFC 6901 pointer into the scenario
 * @param values any JSON, whole objects included
 * @param labels what tables show for each value; null to show the value itself
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SweepParameter(String name, String pointer, List<JsonNode> values, List<String> labels) {

    public SweepParameter {
        values = List.copyOf(values);
        labels = labels == null ? null : List.copyOf(labels);
    }

    /** A parameter as stored in a sweep's definition (already validated when the sweep was submitted). */
    static SweepParameter fromJson(JsonNode json) {
        JsonNode labels = json.get("labels");
        return new SweepParameter(json.hasNonNull("name") ? json.get("name").stringValue() : null,
                json.get("pointer").stringValue(), json.get("values").valueStream().toList(),
                labels == null || labels.isNull() ? null : labels.valueStream().map(JsonNode::stringValue).toList());
    }

    /** The column header in tables. */
    public String header() {
        return name != null ? name : pointer;
    }

    /** What tables show for value {@code index}: its label, else a string value as is, else its JSON text. */
    public String display(int index) {
        if (labels != null) {
            return labels.get(index);
        }
        JsonNode value = values.get(index);
        return value.isString() ? value.stringValue() : value.toString();
    }
}
