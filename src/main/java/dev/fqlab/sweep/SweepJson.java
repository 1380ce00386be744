package dev.fqlab.sweep;

import dev.fqlab.result.ShortestDecimal;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * {@code GET /sweeps/{id}} as bytes: the application's JSON mapper with one serializer more, for {@link MetricStats},
 * which a 1000-cell table holds thousands of (27 200 with every metric of a seed-000 sweep). It writes the same
 * fields in the same order with the same number formatting as the record's default serializer, without looking up
 * and boxing each component: the bytes are those the default gives ({@code SweepJsonTest}).
 */
@Component
public class SweepJson {

    private final JsonMapper mapper;

    public SweepJson(JsonMapper jsonMapper) {
        this.mapper = jsonMapper.rebuild()
                .addModule(new SimpleModule("sweep-statistics").addSerializer(MetricStats.class, new StatsWriter()))
                .build();
    }

    /** The sweep as the API answers it. */
    public byte[] write(SweepResource sweep) {
        return mapper.writeValueAsBytes(sweep);
    }

    /** A {@link MetricStats} as its record components, in order; a null stays null. */
    static final class StatsWriter extends ValueSerializer<MetricStats> {

        private static final SerializedString MEAN = new SerializedString("mean");
        private static final SerializedString STDDEV = new SerializedString("stddev");
        private static final SerializedString MIN = new SerializedString("min");
        private static final SerializedString MAX = new SerializedString("max");
        private static final SerializedString N = new SerializedString("n");
        private static final SerializedString MEDIAN = new SerializedString("median");
        private static final SerializedString CI95_LOW = new SerializedString("ci95Low");
        private static final SerializedString CI95_HIGH = new SerializedString("ci95High");

        @Override
        public void serialize(MetricStats stats, JsonGenerator gen, SerializationContext context) {
            gen.writeStartObject(stats);
            gen.writeName(MEAN);
            number(gen, stats.mean());
            nullable(gen, STDDEV, stats.stddev());
            gen.writeName(MIN);
            number(gen, stats.min());
            gen.writeName(MAX);
            number(gen, stats.max());
            gen.writeName(N);
            gen.writeNumber(stats.n());
            gen.writeName(MEDIAN);
            number(gen, stats.median());
            nullable(gen, CI95_LOW, stats.ci95Low());
            nullable(gen, CI95_HIGH, stats.ci95High());
            gen.writeEndObject();
        }

        private static void nullable(JsonGenerator gen, SerializedString name, Double value) {
            gen.writeName(name);
            if (value == null) {
                gen.writeNull();
            } else {
                number(gen, value.doubleValue());
            }
        }

        /**
         * What each thread writes a number's text into: a 1000-cell table writes tens of thousands of statistics,
         * and a fresh {@code char[]} (or the JDK's {@code String}) per number was the render's largest allocation
         * (~2 MB of ~12 MB per first read, JFR allocation samples, issue 17), which the young collector then pays for.
         */
        private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

        private static final class Scratch {
            final char[] text = new char[ShortestDecimal.MAX_FAST_LENGTH];
            /** {@code StringBuilder.append(double)} writes {@link Double#toString} into its own array, no String. */
            final StringBuilder slow = new StringBuilder(ShortestDecimal.MAX_FAST_LENGTH);
        }

        /**
         * {@code gen.writeNumber(value)}: for a finite value that writes {@link Double#toString} raw, which
         * {@link ShortestDecimal#writeJava} gives without the JDK's digit search for the 6-digit values statistics
         * hold (~9 % of a rendered sweep's CPU in JFR, issue 17), and {@code StringBuilder.append(double)} (the same
         * text, {@code String.valueOf(double)}) for the others, such as 0.0; both into a per-thread buffer. A value
         * that is not finite goes to the generator, which knows how it is configured to write those.
         */
        static void number(JsonGenerator gen, double value) {
            if (!Double.isFinite(value)) {
                gen.writeNumber(value);
                return;
            }
            Scratch scratch = SCRATCH.get();
            char[] text = scratch.text;
            int length = ShortestDecimal.writeJava(text, value);
            if (length < 0) {
                StringBuilder slow = scratch.slow;
                slow.setLength(0);
                slow.append(value);
                length = slow.length();
                if (length > text.length) {
                    // Not reached (Double.toString is at most 24 characters); kept correct regardless.
                    gen.writeNumber(value);
                    return;
                }
                slow.getChars(0, length, text, 0);
            }
            gen.writeNumber(text, 0, length);
        }
    }
}
