-- Issue 17: what a sweep's default table needs of a result besides its names (dev.fqlab.result.ResultMetricView),
-- so that a first read of a large sweep does not read every metric of every cell:
--   view_values   the values of the metrics GET /sweeps/{id} shows by default, in the order of the result's names,
--                 8 bytes big-endian each like metric_values; view_version says which list of defaults it follows;
--   metric_digest the SHA-256 of every metric but the wall-clock ones, rounded to 6 digits: equal digests are the
--                 identical-repetitions warning's "the same result".
-- Rows stored before this migration keep NULL and are read in full, as before. Common H2/PostgreSQL subset as in V1.
ALTER TABLE result_metrics ADD COLUMN view_version SMALLINT;
ALTER TABLE result_metrics ADD COLUMN view_values BYTEA;
ALTER TABLE result_metrics ADD COLUMN metric_digest BYTEA;
