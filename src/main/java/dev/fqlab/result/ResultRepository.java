package dev.fqlab.result;

import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.Series;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationChannelResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TxqResult;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results in SQL: the JSON document (without its series) with summary columns, one row per flow, per station and
 * per TXQ (WiFi), one row per time series with its values as an array ({@link SeriesStore}), and its metrics
 * ({@link ResultMetricRows}). Call
 * {@link #insert} inside the transaction that marks the experiment SUCCEEDED.
 */
@Repository
public class ResultRepository {

    static final int BATCH_SIZE = 1000;

    private final JdbcClient jdbc;
    private final JdbcTemplate jdbcTemplate;

    private final JsonMapper jsonMapper;

    public ResultRepository(JdbcClient jdbc, JdbcTemplate jdbcTemplate, JsonMapper jsonMapper) {
        this.jdbc = jdbc;
        this.jdbcTemplate = jdbcTemplate;
        this.jsonMapper = jsonMapper;
    }

    /**
     * Stores a result: {@code document} is its JSON without the series ({@link #withoutSeries}); the series of
     * {@code result} go to their own rows.
     */
    public void insert(UUID experimentId, SimulationResult result, String document, Instant storedAt) {
        boolean hasSeries = result.series() != null && result.series().t() != null;
        jdbc.sql("""
                INSERT INTO results (experiment_id, scenario_sha256, engine_version, seed, simulated_s, wall_s, events,
                    packets, throughput_mbps, jain_throughput, jain_airtime, document, stored_at, series_interval_ms,
                    series_t)
                VALUES (:id, :sha, :engineVersion, :seed, :simulatedS, :wallS, :events, :packets, :throughput,
                    :jainThroughput, :jainAirtime, :document, :storedAt, :intervalMs, :t)""")
                .param("id", experimentId)
                .param("sha", result.scenarioSha256())
                .param("engineVersion", result.engineVersion())
                .param("seed", result.seed())
                .param("simulatedS", result.simulatedS())
                .param("wallS", result.engine().wallS())
                .param("events", result.engine().events())
                .param("packets", result.engine().packets())
                .param("throughput", result.summary().throughputMbps())
                .param("jainThroughput", result.summary().jainThroughput(), Types.DOUBLE)
                .param("jainAirtime", result.summary().jainAirtime(), Types.DOUBLE)
                .param("document", document)
                .param("storedAt", storedAt.atOffset(ZoneOffset.UTC))
                .param("intervalMs", hasSeries ? result.series().intervalMs() : null, Types.DOUBLE)
                .param("t", hasSeries ? timeAxis(result.series()) : null, Types.ARRAY)
                .update();
        insertFlows(experimentId, result.flows());
        insertStations(experimentId, result.stations());
        insertTxqs(experimentId, result.txqs());
        // Issue 17: a sweep's table reads these instead of parsing the document.
        ResultMetricRows.insert(jdbcTemplate, jsonMapper, postgres(), experimentId, document);
        if (hasSeries) {
            SeriesStore.insert(jdbcTemplate, experimentId, result.series());
        }
    }

    /**
     * The result document of a succeeded experiment as the API shows it: the stored document with its series put
     * back from the series rows.
     */
    public Optional<String> document(UUID experimentId) {
        record Stored(String document, double intervalMs, Object[] t) {
        }
        // The row is read whole before the series are: a second query while a result set is open would hold a
        // second pooled connection outside a transaction.
        List<Stored> stored = jdbcTemplate.query("SELECT document, series_interval_ms, series_t FROM results WHERE experiment_id = ?",
                (rs, n) -> {
                    java.sql.Array t = rs.getArray("series_t");
                    return new Stored(rs.getString("document"), rs.getDouble("series_interval_ms"),
                            t == null ? null : (Object[]) t.getArray());
                }, experimentId);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Stored row = stored.getFirst();
        if (row.t() == null) {
            return Optional.of(row.document());
        }
        Series series = SeriesStore.read(jdbcTemplate, jsonMapper, experimentId, row.intervalMs(), row.t());
        return Optional.of(SeriesStore.withSeries(row.document(), jsonMapper.writeValueAsString(series)));
    }

    /**
     * The result document as stored: everything but the series (its {@code "series"} is null), for readers of the
     * summary, flows and stations such as sweeps.
     */
    public Optional<String> documentWithoutSeries(UUID experimentId) {
        return jdbc.sql("SELECT document FROM results WHERE experiment_id = :id")
                .param("id", experimentId).query(String.class).optional();
    }

    /**
     * The stored metrics ({@link ResultMetricRows}) of those of {@code experimentIds} that have them, without their
     * names: {@link #metricNames} gives those once per {@code namesSha256}.
     */
    public List<ResultMetricRows.Stored> metricRows(List<UUID> experimentIds) {
        return ResultMetricRows.read(jdbcTemplate, experimentIds);
    }

    /** What a sweep's default table reads ({@link ResultMetricRows.StoredView}) of those of {@code experimentIds} that have a row. */
    public List<ResultMetricRows.StoredView> metricViews(List<UUID> experimentIds) {
        return ResultMetricRows.readViews(jdbcTemplate, experimentIds);
    }

    /** The metric names stored under {@code namesSha256} (a stored row's), in the order of its values; null if none. */
    public List<String> metricNames(String namesSha256) {
        return ResultMetricRows.names(jdbcTemplate, jsonMapper, namesSha256);
    }

    private volatile Boolean postgres;

    /** Whether the database is PostgreSQL (else H2), asked once. */
    private boolean postgres() {
        Boolean known = postgres;
        if (known == null) {
            known = ResultMetricRows.postgres(jdbcTemplate);
            postgres = known;
        }
        return known;
    }

    /** What a result's stored document holds: the result without its series, which go to their own rows. */
    public static SimulationResult withoutSeries(SimulationResult r) {
        return new SimulationResult(r.experimentId(), r.scenarioSha256(), r.engineVersion(), r.seed(), r.simulatedS(),
                r.engine(), r.summary(), r.stations(), r.flows(), r.txqs(), r.qdisc(), r.qdiscUp(), null);
    }

    private java.sql.Array timeAxis(Series series) {
        return jdbcTemplate.execute((java.sql.Connection c) -> SeriesStore.timeAxis(c, series));
    }

    private void insertFlows(UUID experimentId, List<FlowResult> flows) {
        record IndexedFlow(int index, FlowResult flow) {
        }
        List<IndexedFlow> rows = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            rows.add(new IndexedFlow(i, flows.get(i)));
        }
        jdbcTemplate.batchUpdate("""
                INSERT INTO result_flows (experiment_id, flow_index, name, type, station, direction, sent_packets,
                    delivered_packets, dropped_packets, ecn_marks, queued_packets, reordered_packets, sent_bytes,
                    delivered_bytes, throughput_mbps,
                    latency_mean_ms, latency_p50_ms, latency_p90_ms, latency_p99_ms, latency_max_ms, latency_samples,
                    rtt_mean_ms, rtt_p50_ms, rtt_p90_ms, rtt_p99_ms, rtt_max_ms, rtt_samples,
                    up_latency_mean_ms, up_latency_p50_ms, up_latency_p90_ms, up_latency_p99_ms, up_latency_max_ms,
                    up_latency_samples, tcp_retransmits, tcp_rto_count, tcp_mean_cwnd_packets, tcp_mean_rtt_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                    ?, ?, ?, ?, ?)""", rows, BATCH_SIZE, (ps, row) -> {
            FlowResult f = row.flow();
            int i = 1;
            ps.setObject(i++, experimentId);
            ps.setInt(i++, row.index());
            ps.setString(i++, f.name());
            ps.setString(i++, f.type());
            ps.setString(i++, f.station());
            ps.setString(i++, f.direction());
            ps.setLong(i++, f.sentPackets());
            ps.setLong(i++, f.deliveredPackets());
            ps.setLong(i++, f.droppedPackets());
            ps.setLong(i++, f.ecnMarks());
            ps.setLong(i++, f.queuedPackets());
            ps.setLong(i++, f.reorderedPackets());
            ps.setLong(i++, f.sentBytes());
            ps.setLong(i++, f.deliveredBytes());
            ps.setDouble(i++, f.throughputMbps());
            i = setLatency(ps, i, f.latencyMs());
            i = setLatency(ps, i, f.rttMs());
            i = setLatency(ps, i, f.upLatencyMs());
            setLong(ps, i++, f.tcp() == null ? null : f.tcp().retransmits());
            setLong(ps, i++, f.tcp() == null ? null : f.tcp().rtoCount());
            setDouble(ps, i++, f.tcp() == null ? null : f.tcp().meanCwndPackets());
            setDouble(ps, i, f.tcp() == null ? null : f.tcp().meanRttMs());
        });
    }

    private void insertStations(UUID experimentId, List<StationResult> stations) {
        if (stations == null || stations.isEmpty()) {
            return;
        }
        record IndexedStation(int index, StationResult station) {
        }
        List<IndexedStation> rows = new ArrayList<>();
        for (int i = 0; i < stations.size(); i++) {
            rows.add(new IndexedStation(i, stations.get(i)));
        }
        jdbcTemplate.batchUpdate("""
                INSERT INTO result_stations (experiment_id, station_index, name, throughput_mbps, down_mbps, up_mbps,
                    airtime_share, airtime_us, ppdus, avg_aggregate_size, retries, failed_mpdus, snr_db, mean_snr_db,
                    uplink_snr_db, mean_uplink_snr_db, mpdu_error_rate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", rows, BATCH_SIZE, (ps, row) -> {
            StationResult s = row.station();
            ps.setObject(1, experimentId);
            ps.setInt(2, row.index());
            ps.setString(3, s.name());
            ps.setDouble(4, s.throughputMbps());
            ps.setDouble(5, s.downMbps());
            ps.setDouble(6, s.upMbps());
            ps.setDouble(7, s.airtimeShare());
            ps.setLong(8, s.airtimeUs());
            ps.setLong(9, s.ppdus());
            ps.setDouble(10, s.avgAggregateSize());
            ps.setLong(11, s.retries());
            ps.setLong(12, s.failedMpdus());
            StationChannelResult c = s.channel();
            setDouble(ps, 13, c == null ? null : c.snrDb());
            setDouble(ps, 14, c == null ? null : c.meanSnrDb());
            setDouble(ps, 15, c == null ? null : c.uplinkSnrDb());
            setDouble(ps, 16, c == null ? null : c.meanUplinkSnrDb());
            setDouble(ps, 17, c == null ? null : c.mpduErrorRate());
        });
    }

    private void insertTxqs(UUID experimentId, List<TxqResult> txqs) {
        if (txqs == null || txqs.isEmpty()) {
            return;
        }
        jdbcTemplate.batchUpdate("""
                INSERT INTO result_txqs (experiment_id, station, tid, ac, backlog_bytes, backlog_packets, new_flows,
                    drops, marks, overlimit, collisions, tx_bytes, tx_packets)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", txqs, BATCH_SIZE, (ps, q) -> {
            ps.setObject(1, experimentId);
            ps.setString(2, q.station());
            ps.setInt(3, q.tid());
            ps.setString(4, q.ac());
            ps.setLong(5, q.backlogBytes());
            ps.setLong(6, q.backlogPackets());
            ps.setLong(7, q.newFlows());
            ps.setLong(8, q.drops());
            ps.setLong(9, q.marks());
            ps.setLong(10, q.overlimit());
            ps.setLong(11, q.collisions());
            ps.setLong(12, q.txBytes());
            ps.setLong(13, q.txPackets());
        });
    }

    /** The six latency columns (mean, p50, p90, p99, max, samples); all NULL when the flow has no such statistic. */
    private static int setLatency(PreparedStatement ps, int index, LatencyStats stats) throws SQLException {
        boolean none = stats == null;
        setDouble(ps, index++, none ? null : stats.mean());
        setDouble(ps, index++, none ? null : stats.p50());
        setDouble(ps, index++, none ? null : stats.p90());
        setDouble(ps, index++, none ? null : stats.p99());
        setDouble(ps, index++, none ? null : stats.max());
        setLong(ps, index++, none ? null : stats.samples());
        return index;
    }

    private static void setDouble(PreparedStatement ps, int index, Double value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.DOUBLE);
        } else {
            ps.setDouble(index, value);
        }
    }

    private static void setLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value);
        }
    }
}
