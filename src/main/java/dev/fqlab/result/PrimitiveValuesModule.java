package dev.fqlab.result;

import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.LongValues;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes the engine's primitive-backed result lists ({@link DoubleValues}, {@link LongValues}: latency
 * distributions, series) as JSON arrays straight from their arrays, the same text Jackson writes for a list of
 * boxes, without boxing each value on the way out (issue 16: the engine no longer boxes them, and storing a result
 * should not start to). Spring registers it with the service's JsonMapper; any other mapper writes the same JSON.
 */
@Component
class PrimitiveValuesModule extends SimpleModule {

    PrimitiveValuesModule() {
        super("fqlab-primitive-values");
        addSerializer(DoubleValues.class, new StdSerializer<>(DoubleValues.class) {
            @Override
            public void serialize(DoubleValues values, JsonGenerator gen, SerializationContext context) {
                gen.writeStartArray(values, values.size());
                // in order, without a search per value of a sparse list
                values.forEachDouble(v -> {
                    if (Double.isNaN(v)) {
                        gen.writeNull();
                    } else {
                        gen.writeNumber(v);
                    }
                });
                gen.writeEndArray();
            }
        });
        addSerializer(LongValues.class, new StdSerializer<>(LongValues.class) {
            @Override
            public void serialize(LongValues values, JsonGenerator gen, SerializationContext context) {
                int n = values.size();
                gen.writeStartArray(values, n);
                for (int i = 0; i < n; i++) {
                    gen.writeNumber(values.getLong(i));
                }
                gen.writeEndArray();
            }
        });
    }
}
