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
 * Tables {@code result_metrics} and {@code result_metric_names} (V16): a result's {@link ResultMetricFields} stored
 * with it, so that a sweep's table of a thousand runs reads a thousand small rows instead of parsing a thousand
 * result documents (issue 17). One row per result: the SHA-256 of its names, {@code seed}, and {@code metric_values},
 * one IEEE 754 double per name, 8 bytes big-endian each (a {@code BYTEA} reads back bit-exact and needs no parsing,
 * unlike a {@code DOUBLE PRECISION[]} in text form). The names (a JSON array, in order) are stored once per
 * SHA-256: results of one scenario shape (every repetition and most values of a sweep) share them, and a reader
 * fetches them once ({@link #names}). For SQL: {@code result_flows} and {@code result_stations} hold most of the same
 * numbers as columns.
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
     * Stores the metrics of {@code document} (a result document as {@code results.document} holds it), and their
     * names unless stored already. A document they cannot be read from (none known) is stored without them: readers
     * then fall back to the document, so the result itself is never lost over its metrics.
     */
    static void insert(JdbcTemplate jdbc, JsonMapper jsonMapper, boolean postgres, UUID experimentId, String document) {
        ResultMetricFields.Extracted metrics;
        try {
            metrics = ResultMetricFields.extract(jsonMapper, document);
        } catch (RuntimeException unreadable) {
            org.slf4j.LoggerFactory.getLogger(ResultMetricRows.class)
                    .warn("Result {}: no stored metrics, its document is not readable: {}", experimentId, unreadable.toString());
            return;
        }
        String names = jsonMapper.writeValueAsString(metrics.names());
        String sha = sha256(names);
        insertNames(jdbc, postgres, sha, names);
        jdbc.update(INSERT, row(experimentId, sha, metrics));
    }

    /** A row's columns in {@link #INSERT}'s order: its metrics, and what a sweep's default table reads of them. */
    private static Object[] row(UUID experimentId, String sha, ResultMetricFields.Extracted metrics) {
        return new Object[] {experimentId, sha, metrics.seed(), bytes(metrics.values()), ResultMetricView.VERSION,
                bytes(ResultMetricView.project(metrics.values(), ResultMetricView.positions(metrics.names()))),
                ResultMetricView.digest(metrics.names(), metrics.values()), experimentId};
    }

    /** With the sweep that ran the experiment, if one did (V21: a sweep reads its results' rows by it). */
    private static final String INSERT = "INSERT INTO result_metrics (experiment_id, names_sha256, seed, metric_values, "
            + "view_version, view_values, metric_digest, sweep_id) VALUES (?, ?, ?, ?, ?, ?, ?, "
            + "(SELECT sweep_id FROM experiments WHERE id = ?))";

    /**
     * Stores a list of names unless it is stored: two results of a new shape stored at once by two workers must not
     * fail one another. PostgreSQL: ON CONFLICT DO NOTHING waits for the other transaction and then does nothing. H2
     * (no ON CONFLICT): insert where missing, and a duplicate key from a concurrent insert only fails that statement
     * (H2 rolls back a statement, not the transaction), so it is ignored.
     */
    static void insertNames(JdbcTemplate jdbc, boolean postgres, String sha, String names) {
        if (postgres) {
            jdbc.update("INSERT INTO result_metric_names (names_sha256, names) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    sha, names);
            return;
        }
        try {
            jdbc.update("INSERT INTO result_metric_names (names_sha256, names) SELECT ?, ? WHERE NOT EXISTS "
                    + "(SELECT 1 FROM result_metric_names WHERE names_sha256 = ?)", sha, names, sha);
        } catch (org.springframework.dao.DataIntegrityViolationException concurrent) {
            // stored by a concurrent transaction meanwhile
        }
    }

    /** Whether the connections of {@code jdbc} are to PostgreSQL (else H2). */
    static boolean postgres(JdbcTemplate jdbc) {
        Boolean postgres = jdbc.execute((java.sql.Connection c) ->
                c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres"));
        return Boolean.TRUE.equals(postgres);
    }

    /** The rows of those of {@code experimentIds} that have one, in no particular order. */
    static List<Stored> read(JdbcTemplate jdbc, List<UUID> experimentIds) {
        return byIds(jdbc, experimentIds, ROW_COLUMNS, ResultMetricRows::stored);
    }

    /** The columns {@link #stored} reads, for a query's select list ({@code r} the table's alias). */
    public static final String ROW_COLUMNS = "r.experiment_id, r.names_sha256, r.seed, r.metric_values";

    /** Reads one row of a result set. */
    @FunctionalInterface
    private interface RowReader<T> {
        T read(java.sql.ResultSet rs) throws java.sql.SQLException;
    }

    /** {@code columns} of the rows of those of {@code experimentIds} that have one, each read by {@code reader}. */
    private static <T> List<T> byIds(JdbcTemplate jdbc, List<UUID> experimentIds, String columns, RowReader<T> reader) {
        List<T> rows = new java.util.ArrayList<>(experimentIds.size());
        for (int from = 0; from < experimentIds.size(); from += CHUNK) {
            List<UUID> chunk = experimentIds.subList(from, Math.min(experimentIds.size(), from + CHUNK));
            String marks = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
            String sql = "SELECT " + columns + " FROM result_metrics r WHERE r.experiment_id IN (" + marks + ")";
            // Binary results (BinaryResults): each IN-list length is its own statement, so text would be the rule.
            jdbc.query(con -> {
                java.sql.PreparedStatement statement = BinaryResults.binary(con.prepareStatement(sql));
                for (int i = 0; i < chunk.size(); i++) {
                    statement.setObject(i + 1, chunk.get(i));
                }
                return statement;
            }, rs -> {
                rows.add(reader.read(rs));
            });
        }
        return rows;
    }

    /**
     * The row at {@code rs}'s cursor, from its columns {@code experiment_id, names_sha256, seed, metric_values}; a NULL
     * seed stays null (as a result document without a seed reads).
     */
    public static Stored stored(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Stored(rs.getObject("experiment_id", UUID.class), rs.getString("names_sha256"),
                rs.getObject("seed", Long.class), values(rs.getBytes("metric_values")));
    }

    /**
     * What a sweep's default table reads of a stored row (V20, {@link ResultMetricView}): {@code version} null for a
     * row stored before V20 (then {@code values} and {@code digest} are null too); {@code digest} null also for a
     * result with a NaN metric.
     */
    public record StoredView(UUID experimentId, String namesSha256, Long seed, Short version, double[] values,
                             byte[] digest) {
    }

    /** The columns {@link #storedView} reads, for a query's select list ({@code r} the table's alias). */
    public static final String VIEW_COLUMNS = "r.experiment_id, r.names_sha256, r.seed, r.view_version, r.view_values, "
            + "r.metric_digest";

    /** The view at {@code rs}'s cursor, from the columns {@link #VIEW_COLUMNS} names. */
    public static StoredView storedView(java.sql.ResultSet rs) throws java.sql.SQLException {
        int version = rs.getInt("view_version");
        Short stored = rs.wasNull() ? null : (short) version;
        byte[] values = rs.getBytes("view_values");
        return new StoredView(rs.getObject("experiment_id", UUID.class), rs.getString("names_sha256"),
                rs.getObject("seed", Long.class), stored, values == null ? null : values(values),
                rs.getBytes("metric_digest"));
    }

    /** The views of those of {@code experimentIds} that have a row, in no particular order. */
    static List<StoredView> readViews(JdbcTemplate jdbc, List<UUID> experimentIds) {
        return byIds(jdbc, experimentIds, VIEW_COLUMNS, ResultMetricRows::storedView);
    }

    /** The metric names stored under {@code namesSha256}, in order; null when none are. */
    static List<String> names(JdbcTemplate jdbc, JsonMapper jsonMapper, String namesSha256) {
        List<String> names = jdbc.queryForList("SELECT names FROM result_metric_names WHERE names_sha256 = ?",
                String.class, namesSha256);
        return names.isEmpty() ? null : jsonMapper.readValue(names.getFirst(), NAMES);
    }

    static byte[] bytes(double[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * Double.BYTES);
        buffer.asDoubleBuffer().put(values);
        return buffer.array();
    }

    /** The doubles of a stored {@code metric_values} (8 bytes big-endian each). */
    public static double[] values(byte[] bytes) {
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

    /** For the migration V17: every given (experiment id → document) stored, in one batch, without views (V20). */
    static void insertAll(JdbcTemplate jdbc, JsonMapper jsonMapper, boolean postgres, Map<UUID, String> documents) {
        List<Object[]> rows = new java.util.ArrayList<>();
        Map<String, String> shapes = new LinkedHashMap<>();
        documents.forEach((id, document) -> {
            ResultMetricFields.Extracted metrics = ResultMetricFields.extract(jsonMapper, document);
            String names = jsonMapper.writeValueAsString(metrics.names());
            String sha = sha256(names);
            shapes.putIfAbsent(sha, names);
            rows.add(new Object[] {id, sha, metrics.seed(), bytes(metrics.values())});
        });
        shapes.forEach((sha, names) -> insertNames(jdbc, postgres, sha, names));
        // V17's columns: this runs before V20 adds the view's (its rows have none, and are read in full)
        jdbc.batchUpdate("INSERT INTO result_metrics (experiment_id, names_sha256, seed, metric_values) VALUES (?, ?, ?, ?)",
                rows);
    }
}
