-- WiFi results in SQL (results.md stations and txqs): one row per station, one per mac80211 TXQ that carried
-- traffic. Like result_flows they hang off results and go with it.

CREATE TABLE result_stations (
    experiment_id      UUID             NOT NULL REFERENCES results (experiment_id) ON DELETE CASCADE,
    station_index      INTEGER          NOT NULL,
    name               VARCHAR(32)      NOT NULL,
    throughput_mbps    DOUBLE PRECISION NOT NULL,
    down_mbps          DOUBLE PRECISION NOT NULL,
    up_mbps            DOUBLE PRECISION NOT NULL,
    airtime_share      DOUBLE PRECISION NOT NULL,
    airtime_us         BIGINT           NOT NULL,
    ppdus              BIGINT           NOT NULL,
    avg_aggregate_size DOUBLE PRECISION NOT NULL,
    retries            BIGINT           NOT NULL,
    failed_mpdus       BIGINT           NOT NULL,
    PRIMARY KEY (experiment_id, station_index)
);

CREATE TABLE result_txqs (
    experiment_id   UUID        NOT NULL REFERENCES results (experiment_id) ON DELETE CASCADE,
    station         VARCHAR(32) NOT NULL,
    tid             INTEGER     NOT NULL,
    ac              VARCHAR(2)  NOT NULL,
    backlog_bytes   BIGINT      NOT NULL,
    backlog_packets BIGINT      NOT NULL,
    new_flows       BIGINT      NOT NULL,
    drops           BIGINT      NOT NULL,
    marks           BIGINT      NOT NULL,
    overlimit       BIGINT      NOT NULL,
    collisions      BIGINT      NOT NULL,
    tx_bytes        BIGINT      NOT NULL,
    tx_packets      BIGINT      NOT NULL,
    PRIMARY KEY (experiment_id, station, tid)
);
