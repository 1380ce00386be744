-- Results in SQL-readable form (results.md). The JSON document is the API's answer; the columns and
-- the per-flow and series tables are for SQL and Grafana. Everything hangs off results and goes with it.

CREATE TABLE results (
    experiment_id   UUID                     NOT NULL PRIMARY KEY REFERENCES experiments (id) ON DELETE CASCADE,
    scenario_sha256 CHAR(64)                 NOT NULL,
    engine_version  VARCHAR(100)             NOT NULL,
    seed            BIGINT                   NOT NULL,
    simulated_s     DOUBLE PRECISION         NOT NULL,
    wall_s          DOUBLE PRECISION         NOT NULL,
    events          BIGINT                   NOT NULL,
    packets         BIGINT                   NOT NULL,
    throughput_mbps DOUBLE PRECISION         NOT NULL,
    jain_throughput DOUBLE PRECISION,
    jain_airtime    DOUBLE PRECISION,
    document        TEXT                     NOT NULL,
    stored_at       TIMESTAMP WITH TIME ZONE NOT NULL
);

-- One row per flow, in scenario order: every counter and latency statistic as a column.
CREATE TABLE result_flows (
    experiment_id          UUID             NOT NULL REFERENCES results (experiment_id) ON DELETE CASCADE,
    flow_index             INTEGER          NOT NULL,
    name                   VARCHAR(64)      NOT NULL,
    type                   VARCHAR(16)      NOT NULL,
    station                VARCHAR(64),
    direction              VARCHAR(8)       NOT NULL,
    sent_packets           BIGINT           NOT NULL,
    delivered_packets      BIGINT           NOT NULL,
    dropped_packets        BIGINT           NOT NULL,
    ecn_marks              BIGINT           NOT NULL,
    queued_packets         BIGINT           NOT NULL,
    reordered_packets      BIGINT           NOT NULL,
    sent_bytes             BIGINT           NOT NULL,
    delivered_bytes        BIGINT           NOT NULL,
    throughput_mbps        DOUBLE PRECISION NOT NULL,
    latency_mean_ms        DOUBLE PRECISION,
    latency_p50_ms         DOUBLE PRECISION,
    latency_p90_ms         DOUBLE PRECISION,
    latency_p99_ms         DOUBLE PRECISION,
    latency_max_ms         DOUBLE PRECISION,
    latency_samples        BIGINT,
    rtt_mean_ms            DOUBLE PRECISION,
    rtt_p50_ms             DOUBLE PRECISION,
    rtt_p90_ms             DOUBLE PRECISION,
    rtt_p99_ms             DOUBLE PRECISION,
    rtt_max_ms             DOUBLE PRECISION,
    rtt_samples            BIGINT,
    up_latency_mean_ms     DOUBLE PRECISION,
    up_latency_p50_ms      DOUBLE PRECISION,
    up_latency_p90_ms      DOUBLE PRECISION,
    up_latency_p99_ms      DOUBLE PRECISION,
    up_latency_max_ms      DOUBLE PRECISION,
    up_latency_samples     BIGINT,
    tcp_retransmits        BIGINT,
    tcp_rto_count          BIGINT,
    tcp_mean_cwnd_packets  DOUBLE PRECISION,
    tcp_mean_rtt_ms        DOUBLE PRECISION,
    PRIMARY KEY (experiment_id, flow_index)
);

-- The time series in long format, one row per (series, interval): kind 'flow' | 'station' | 'qdisc',
-- name = flow or station name ('down' for the qdisc), metric as in results.md (throughputMbps, ...),
-- t_s = end of the interval in simulated seconds, metric_value NULL where undefined
-- (not "value": a keyword in H2).
CREATE TABLE result_series (
    experiment_id UUID             NOT NULL REFERENCES results (experiment_id) ON DELETE CASCADE,
    kind          VARCHAR(16)      NOT NULL,
    name          VARCHAR(64)      NOT NULL,
    metric        VARCHAR(32)      NOT NULL,
    step          INTEGER          NOT NULL,
    t_s           DOUBLE PRECISION NOT NULL,
    metric_value  DOUBLE PRECISION,
    PRIMARY KEY (experiment_id, kind, name, metric, step)
);
