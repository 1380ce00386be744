package dev.fqlab.result;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Table {@code result_metrics} (V16): a result's {@link ResultMetricFields} stored with it, so that a sweep's table
 * of a thousand runs reads a thousand small rows instead of parsing a thousand result documents (issue 17). One row
 * per result: {@code names} (a JSON array of the metric names, in order) with its SHA-256, {@code seed}, and
 * {@code metric_values}, one IEEE 754 double per name, 8 bytes big-endian each (a {@code BYTEA} reads back
 * bit-exact and an order of magnitude faster than a {@code DOUBLE PRECISION[]} in text form). Results of one
 * scenario shape (every repetition and most values of a sweep) share their names: a reader fetches the names once
 * per SHA-256 ({@link #names}) and only the values per row. For SQL: {@code get_byte} / {@code substring} of
 * {@code metric_values}, or simply {@code result_flows} and {@code result_stations}, which hold the same numbers.
 */
public final class ResultMetricRows {

    /** IN lists stay well below every driver's parameter limit. */
    static final int CHUNK = 500;
    private static final TypeReference<List<String>> NAMES = new TypeReference<>() {
    };

    /** A stored row without its names: those come once per {@code namesSha256} from {@link #names}. */
    public record Stored(UUID experimentId, String namesSha256, Long seed, double[] values) {
    }

    private ResultMetricRows() {
    }

    /**
     * Stores the metrics of {@code document} (a result document as {@code results.document} holds it). A document
     * they cannot be read from (none known) is stored without them: readers then fall back to the document, so the
     * result itself is never lost over its metrics.
     */
    static void insert(JdbcTemplate jdbc, JsonMapper jsonMapper, UUID experimentId, String document) {
        ResultMetricFields.Extracted metrics;
        try {
            metrics = ResultMetricFields.extract(jsonMapper, document);
        } catch (RuntimeException unreadable) {
            org.slf4j.LoggerFactory.getLogger(ResultMetricRows.class)
                    .warn("Result {}: no stored metrics, its document is not readable: {}", experimentId, unreadable.toString());
            return;
        }
        String names = jsonMapper.writeValueAsString(metrics.names());
        jdbc.update("INSERT INTO result_metrics (experiment_id, names_sha256, names, seed, metric_values) VALUES (?, ?, ?, ?, ?)",
                experimentId, sha256(names), names, metrics.seed(), bytes(metrics.values()));
    }

    /** The rows of those of {@code experimentIds} that have one, in no particular order. */
    static List<Stored> read(JdbcTemplate jdbc, List<UUID> experimentIds) {
        List<Stored> rows = new java.util.ArrayList<>(experimentIds.size());
        for (int from = 0; from < experimentIds.size(); from += CHUNK) {
            List<UUID> chunk = experimentIds.subList(from, Math.min(experimentIds.size(), from + CHUNK));
            String marks = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
            jdbc.query("SELECT experiment_id, names_sha256, seed, metric_values FROM result_metrics WHERE experiment_id IN ("
                    + marks + ")", rs -> {
                long seed = rs.getLong("seed");
                rows.add(new Stored(rs.getObject("experiment_id", UUID.class), rs.getString("names_sha256"),
                        rs.wasNull() ? null : seed, values(rs.getBytes("metric_values"))));
            }, chunk.toArray());
        }
        return rows;
    }

    /** The metric names of the row of {@code experimentId}, in order; null when it has no row. */
    static List<String> names(JdbcTemplate jdbc, JsonMapper jsonMapper, UUID experimentId) {
        List<String> names = jdbc.queryForList("SELECT names FROM result_metrics WHERE experiment_id = ?", String.class,
                experimentId);
        return names.isEmpty() ? null : jsonMapper.readValue(names.getFirst(), NAMES);
    }

    static byte[] bytes(double[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * Double.BYTES);
        buffer.asDoubleBuffer().put(values);
        return buffer.array();
    }

    static double[] values(byte[] bytes) {
        double[] values = new double[bytes.length / Double.BYTES];
        ByteBuffer.wrap(bytes).asDoubleBuffer().get(values);
        return values;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** For the migration: every given (experiment id → document) stored, in one batch. */
    static void insertAll(JdbcTemplate jdbc, JsonMapper jsonMapper, Map<UUID, String> documents) {
        Map<UUID, Object[]> rows = new LinkedHashMap<>();
        documents.forEach((id, document) -> {
            ResultMetricFields.Extracted metrics = ResultMetricFields.extract(jsonMapper, document);
            String names = jsonMapper.writeValueAsString(metrics.names());
            rows.put(id, new Object[] {id, sha256(names), names, metrics.seed(), bytes(metrics.values())});
        });
        jdbc.batchUpdate("INSERT INTO result_metrics (experiment_id, names_sha256, names, seed, metric_values) VALUES (?, ?, ?, ?, ?)",
                List.copyOf(rows.values()));
    }
}
