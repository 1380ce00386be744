-- Issue 17: a compact series store, per-experiment outputs, and the indexes that keep lists fast at 100 000
-- experiments. Common H2/PostgreSQL subset as in V1 (arrays are written the SQL-standard way, "REAL ARRAY").

-- What an experiment keeps of its time series (outputs.series): 'full', 'coarse' or 'none'. Every earlier run kept
-- them all.
ALTER TABLE experiments ADD COLUMN outputs_series VARCHAR(8) DEFAULT 'full' NOT NULL;

-- The series' common time axis, once per result (NULL when the run kept no series): the interval it was sampled at
-- and the end of each interval in simulated seconds. The result document no longer carries the series (its
-- "series" is null); the API puts them back from here and result_series_arrays.
ALTER TABLE results ADD COLUMN series_interval_ms DOUBLE PRECISION;
ALTER TABLE results ADD COLUMN series_t DOUBLE PRECISION ARRAY;

-- One row per time series, its values in interval order. Series values are rounded to 6 significant digits
-- (results.md), which a REAL carries exactly (7.2 digits): real_values holds them at half the size of DOUBLE
-- PRECISION, read back through their shortest decimal form (Float.toString, PostgreSQL's real::text). A series with
-- a value REAL cannot give back exactly goes to exact_values instead (the writer checks each value); one of the
-- two is set. position keeps the series in the order of the result document and the series CSV.
-- The view result_series (created by the next migration, per database) shows the old long format.
CREATE TABLE result_series_arrays (
    experiment_id UUID        NOT NULL REFERENCES results (experiment_id) ON DELETE CASCADE,
    position      INTEGER     NOT NULL,
    kind          VARCHAR(16) NOT NULL,
    name          VARCHAR(64) NOT NULL,
    metric        VARCHAR(32) NOT NULL,
    real_values   REAL ARRAY,
    exact_values  DOUBLE PRECISION ARRAY,
    PRIMARY KEY (experiment_id, position)
);

-- Lists at 100 000 experiments (GET /experiments filters): newest first within a preset. experiments_seq_idx and
-- experiments_status_seq_idx (V1) serve the plain list and the status filter, experiment_tags_tag_idx (V1) a tag's
-- experiments, the primary key of sweep_experiments (V8) a sweep's.
CREATE INDEX experiments_preset_seq_idx ON experiments (preset, seq);
