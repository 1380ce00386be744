-- Issue 17: sweep tables over stored numbers instead of parsed documents, and GET /sweeps without counting cells.
-- Common H2/PostgreSQL subset as in V1.

-- A result's metrics (every numeric field of its document, dev.fqlab.result.ResultMetricFields), written with the
-- result: names as a JSON array (shared by every result of one scenario shape: readers fetch them once per
-- names_sha256), metric_values one IEEE 754 double per name, 8 bytes big-endian. V17 (ResultMetricsMigration)
-- fills it for the results stored before.
CREATE TABLE result_metrics (
    experiment_id UUID     NOT NULL PRIMARY KEY REFERENCES results (experiment_id) ON DELETE CASCADE,
    names_sha256  CHAR(64) NOT NULL,
    names         TEXT     NOT NULL,
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
