-- Issue 17: a sweep's first read takes its own experiments' states from this index alone (an index-only scan,
-- dev.fqlab.sweep.SweepRepository#members): id, status and finish time of 1 000 cells in ~13 index pages instead of
-- ~170 heap pages of experiments' wide rows (EXPLAIN (ANALYZE, BUFFERS) on run-scale's database: 1.2 ms against 12
-- while other work ran). It keeps (sweep_id, status) first, so every query the old index served it serves. No
-- column that changes without the status is in it (progress is not): an update that leaves the status alone stays
-- a heap-only update. About 75 bytes per experiment. Common H2/PostgreSQL subset as in V1.
DROP INDEX experiments_sweep_idx;
CREATE INDEX experiments_sweep_idx ON experiments (sweep_id, status, id, finished_at);
