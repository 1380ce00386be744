-- Issue 17: a sweep's first read takes its results' metrics (or views, V20) by one range of an index on the sweep
-- instead of probing result_metrics' primary key once per cell (1 000 cells: ~250 buffers and 2 ms of PostgreSQL
-- instead of ~4 000 and 6 ms, EXPLAIN ANALYZE on run-scale's database). sweep_id is the sweep that ran the experiment
-- when its result was stored (experiments.sweep_id then); results a sweep reused, or ran and kept after another
-- sweep was deleted (dev.fqlab.sweep.SweepService#delete), are read by id. No foreign key: the column only narrows a
-- read, and a stale id (its sweep deleted) narrows to nothing. Common H2/PostgreSQL subset as in V1.
ALTER TABLE result_metrics ADD COLUMN sweep_id UUID;
UPDATE result_metrics SET sweep_id = (SELECT e.sweep_id FROM experiments e WHERE e.id = result_metrics.experiment_id);
CREATE INDEX result_metrics_sweep_idx ON result_metrics (sweep_id);
