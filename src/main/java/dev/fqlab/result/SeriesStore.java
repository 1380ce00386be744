package dev.fqlab.result;

import dev.fqlab.sim.result.DoubleValues;
import dev.fqlab.sim.result.Series;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The time series of results as arrays: one {@code result_series_arrays} row per series (V11), the time axis in
 * {@code results.series_t}. Values are rounded to 6 significant digits (results.md), so a {@code REAL} holds them
 * exactly; they are read back through their shortest decimal form, which is that 6-digit decimal. A series with a
 * value that would not come back identical is stored as {@code DOUBLE PRECISION} instead.
 */
final class SeriesStore {

    static final String INSERT = """
            INSERT INTO result_series_arrays (experiment_id, position, kind, name, metric, real_values, exact_values)
            VALUES (?, ?, ?, ?, ?, ?, ?)""";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SeriesStore() {
    }

    /** Writes the rows of every series of {@code series} (one batch). */
    static void insert(JdbcTemplate jdbc, UUID experimentId, Series series) {
        record Row(int position, SeriesColumn column) {
        }
        List<SeriesColumn> columns = SeriesColumn.of(series);
        List<Row> rows = java.util.stream.IntStream.range(0, columns.size()).mapToObj(i -> new Row(i, columns.get(i)))
                .toList();
        int length = series.t().size();
        jdbc.batchUpdate(INSERT, rows, Math.max(1, rows.size()), (ps, row) -> {
            SeriesColumn column = row.column();
            int position = row.position();
            ps.setObject(1, experimentId);
            ps.setInt(2, position);
            ps.setString(3, column.kind());
            ps.setString(4, column.name());
            ps.setString(5, column.metric());
            List<Double> values = column.values().size() > length ? column.values().subList(0, length) : column.values();
            boolean real = realKeepsExactly(values);
            ps.setArray(6, real ? realArray(ps, values) : null);
            ps.setArray(7, real ? null : doubleArray(ps.getConnection(), values));
        });
    }

    /** The time axis as a {@code DOUBLE PRECISION ARRAY} value, for {@code results.series_t}. */
    static Array timeAxis(Connection connection, Series series) throws SQLException {
        return doubleArray(connection, series.t());
    }

    /**
     * The series of a result from its rows: built as the JSON the engine wrote and read into {@link Series}, so that
     * writing it again gives the bytes the result document carried (record order, nulls, empty maps).
     */
    static Series read(JdbcTemplate jdbc, JsonMapper jsonMapper, UUID experimentId, double intervalMs, Object[] t) {
        ObjectNode tree = NODES.objectNode();
        tree.put("intervalMs", intervalMs);
        tree.set("t", doubles(t, false));
        ObjectNode flows = tree.putObject("flows");
        ObjectNode stations = tree.putObject("stations");
        ObjectNode[] qdisc = new ObjectNode[1];
        jdbc.query("""
                SELECT kind, name, metric, real_values, exact_values FROM result_series_arrays
                WHERE experiment_id = ? ORDER BY position""", (ResultSet rs) -> {
            ObjectNode owner = switch (rs.getString("kind")) {
                case "flow" -> child(flows, rs.getString("name"));
                case "station" -> child(stations, rs.getString("name"));
                case "qdisc" -> qdisc[0] == null ? (qdisc[0] = NODES.objectNode()) : qdisc[0];
                default -> throw new IllegalStateException("unknown series kind " + rs.getString("kind"));
            };
            Array real = rs.getArray("real_values");
            owner.set(rs.getString("metric"), real != null ? doubles((Object[]) real.getArray(), true)
                    : doubles((Object[]) rs.getArray("exact_values").getArray(), false));
        }, experimentId);
        tree.set("qdisc", qdisc[0]);
        return jsonMapper.treeToValue(tree, Series.class);
    }

    /**
     * The full result document from the stored one (whose {@code "series"}, its last member, is null) and the
     * series: the text the engine's result serializes to.
     */
    static String withSeries(String document, String seriesJson) {
        String tail = "\"series\":null}";
        if (!document.endsWith(tail)) {
            throw new IllegalStateException("a stored result document must end with " + tail);
        }
        return document.substring(0, document.length() - "null}".length()) + seriesJson + "}";
    }

    /** Whether every value survives float and back (through its shortest decimal form, as the reader does). */
    static boolean realKeepsExactly(List<Double> values) {
        if (values instanceof DoubleValues primitive) {
            // the engine's own series: read as doubles in order, not boxed one by one (NaN is null)
            boolean[] exact = {true};
            primitive.forEachDouble(v -> {
                if (exact[0] && !Double.isNaN(v)
                        && Double.doubleToLongBits(v) != Double.doubleToLongBits(fromReal((float) v))) {
                    exact[0] = false;
                }
            });
            return exact[0];
        }
        for (Double v : values) {
            if (v != null && !v.equals(fromReal((float) (double) v))) {
                return false;
            }
        }
        return true;
    }

    /** A stored REAL as the double it was written from: the shortest decimal that names the float. */
    static Double fromReal(float f) {
        return Double.parseDouble(Float.toString(f));
    }

    private static ObjectNode child(ObjectNode parent, String name) {
        return parent.has(name) ? (ObjectNode) parent.get(name) : parent.putObject(name);
    }

    private static ArrayNode doubles(Object[] values, boolean real) {
        ArrayNode array = NODES.arrayNode(values.length);
        for (Object value : values) {
            if (value == null) {
                array.addNull();
            } else {
                array.add(real ? fromReal(((Number) value).floatValue()) : ((Number) value).doubleValue());
            }
        }
        return array;
    }

    private static Array realArray(PreparedStatement ps, List<Double> values) throws SQLException {
        return ps.getConnection().createArrayOf("float4", floats(values));
    }

    /** The values as the {@code REAL} array's elements, null for null. */
    static Float[] floats(List<Double> values) {
        Float[] floats = new Float[values.size()];
        if (values instanceof DoubleValues primitive) {
            int[] i = {0};
            primitive.forEachDouble(v -> floats[i[0]++] = Double.isNaN(v) ? null : (float) v);
            return floats;
        }
        for (int i = 0; i < floats.length; i++) {
            floats[i] = values.get(i) == null ? null : (float) (double) values.get(i);
        }
        return floats;
    }

    private static Array doubleArray(Connection connection, List<Double> values) throws SQLException {
        return connection.createArrayOf("float8", values.toArray(Double[]::new));
    }
}
