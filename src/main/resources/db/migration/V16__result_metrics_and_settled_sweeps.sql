-- Issue 17: sweep tables over stored numbers instead of parsed documents, and GET /sweeps without counting cells.
-- Common H2/PostgreSQL subset as in V1.

-- A result's metrics (every numeric field of its document, dev.fqlab.result.ResultMetricFields), written with the
-- result: metric_values holds one IEEE 754 double per name, 8 bytes big-endian, in the order of the names that
-- names_sha256 identifies. The names (a JSON array) are stored once per scenario shape in result_metric_names: every
-- repetition and most values of a sweep share them (136 names, 4.5 kB, for seed 000). Names are never deleted (a
-- row per shape). V17 (ResultMetricsMigration) fills both for the results stored before.
CREATE TABLE result_metric_names (
    names_sha256 CHAR(64) NOT NULL PRIMARY KEY,
    names        TEXT     NOT NULL
);
CREATE TABLE result_metrics (
    experiment_id UUID     NOT NULL PRIMARY KEY REFERENCES results (experiment_id) ON DELETE CASCADE,
    names_sha256  CHAR(64) NOT NULL REFERENCES result_metric_names (names_sha256),
    seed          BIGINT,
    metric_values BYTEA    NOT NULL
);

-- A settled sweep's counts: written once every cell's experiment is final (SUCCEEDED, FAILED or CANCELLED never
-- change, and a cell goes only with its sweep since V8), so that listing sweeps reads them instead of joining every
-- cell to its experiment. NULL while anything of the sweep waits or runs: then the counts are derived live.
ALTER TABLE sweeps ADD COLUMN settled_succeeded INTEGER;
ALTER TABLE sweeps ADD COLUMN settled_failed INTEGER;
ALTER TABLE sweeps ADD COLUMN settled_cancelled INTEGER;
ALTER TABLE sweeps ADD COLUMN settled_last_finished_at TIMESTAMP WITH TIME ZONE;
