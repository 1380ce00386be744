-- Seeds :n experiments (run-scale.sh: 170 000) for run-scale.sh (issue 17) by bulk INSERT … SELECT generate_series,
-- cloning the rows of real runs made through the API just before: :'full' (seed-000-airtime, outputs.series full),
-- :'none' (the same with outputs.series none) and the sweep :'sweep' (its definition). Every table is cloned with all its columns (read
-- from information_schema), so columns added later are carried along.
--   psql -v full=UUID -v none=UUID -v sweep=UUID -v n=100000 -v singles=10000 -v series=1000 -f scale-seed.sql
-- Layout: experiments 1 … :singles are single experiments (23 presets round robin, every 23rd an inline scenario),
-- the last :series of them kept full series; the rest fill sweeps of 1000 cells (200 combinations × 5
-- repetitions, outputs.series none, as sweeps default). Every 50th failed, every 97th was cancelled, the rest
-- succeeded. Tags: "scale" on every experiment, "half-0"/"half-1" on half each, "rare-<g mod 5000>" on 20 each
-- (spread over the whole list) and "campaign-<g div 1000>" on 1000 consecutive ones (as a lab tags a campaign).
\set ON_ERROR_STOP on
BEGIN;

-- A clone's sweep_id (result_metrics, V21: the sweep that ran the result) is its experiment's, as the service's
-- INSERT and V21's back-fill set it, not the template's (a single run: none).
CREATE FUNCTION pg_temp.clone(tbl text, template uuid, targets text) RETURNS void AS $$
DECLARE
    cols text;
    vals text;
BEGIN
    SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
           string_agg(CASE WHEN column_name = 'sweep_id' THEN '(SELECT e.sweep_id FROM experiments e WHERE e.id = x.id)'
                           ELSE 't.' || quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
    INTO cols, vals
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = tbl AND column_name <> 'experiment_id';
    EXECUTE format('INSERT INTO %I (experiment_id, %s) SELECT x.id, %s FROM (%s) x, %I t WHERE t.experiment_id = %L',
                   tbl, cols, vals, targets, tbl, template);
END
$$ LANGUAGE plpgsql;

INSERT INTO sweeps (id, name, preset, definition, combinations, repetitions, experiment_count, reused_count,
                    submitted_at)
SELECT md5('sweep' || s)::uuid, 'scale-sweep-' || s, t.preset, t.definition, 200, 5, 1000, 0,
       now() - (100 - s) * interval '1 hour'
FROM generate_series(0, (:n - :singles) / 1000 - 1) s, (SELECT preset, definition FROM sweeps WHERE id = :'sweep') t;

INSERT INTO experiments (id, seq, name, status, progress, submitted_at, started_at, finished_at, error, attempts,
                         worker, preset, sweep_id, scenario, scenario_sha256, outputs_series)
SELECT md5('exp' || g)::uuid, 1000000 + g, 'scale-' || g,
       CASE WHEN g % 50 = 0 THEN 'FAILED' WHEN g % 97 = 0 THEN 'CANCELLED' ELSE 'SUCCEEDED' END,
       1, now() - (:n - g) * interval '10 second', now() - (:n - g) * interval '10 second' + interval '1 second',
       now() - (:n - g) * interval '10 second' + interval '9 second',
       CASE WHEN g % 50 = 0 THEN 'The engine failed (seeded).' END, 1, 'scale-seed',
       CASE WHEN g > :singles THEN t.preset
            WHEN g % 23 = 0 THEN NULL
            ELSE (ARRAY['seed-000', 'seed-000-airtime', 'seed-000-fq', 'seed-000-fq-fixed', 'seed-000-legacy',
                        'seed-000-txq', 'seed-002', 'seed-002-shift-7', 'seed-002-shift-8', 'seed-002-shift-9',
                        'seed-002-shift-10', 'seed-003', 'seed-003-bytes', 'seed-003-packets',
                        'seed-003-packet-round-robin', 'seed-003-quantum300', 'seed-004', 'seed-004-drain-all',
                        'seed-004-per-wake', 'anomaly-n', 'anomaly-n-airtime', 'anomaly-n-round-robin',
                        'example-wired-fq-codel'])[1 + g % 23] END,
       CASE WHEN g > :singles THEN md5('sweep' || ((g - :singles - 1) / 1000))::uuid END,
       t.scenario, encode(sha256(('scale' || g)::bytea), 'hex'),
       CASE WHEN g > :singles - :series AND g <= :singles THEN 'full' ELSE 'none' END
FROM generate_series(1, :n) g, (SELECT preset, scenario FROM experiments WHERE id = :'full') t;

INSERT INTO experiment_tags (experiment_id, position, tag)
SELECT md5('exp' || g)::uuid, p, CASE p WHEN 0 THEN 'scale' WHEN 1 THEN 'half-' || (g % 2)
                                      WHEN 2 THEN 'rare-' || (g % 5000) ELSE 'campaign-' || (g / 1000) END
FROM generate_series(1, :n) g, generate_series(0, 3) p;

INSERT INTO sweep_experiments (sweep_id, position, combination, repetition, experiment_id, reused)
SELECT md5('sweep' || ((g - :singles - 1) / 1000))::uuid, (g - :singles - 1) % 1000, ((g - :singles - 1) % 1000) / 5,
       (g - :singles - 1) % 5, md5('exp' || g)::uuid, false
FROM generate_series(:singles + 1, :n) g;

CREATE TEMP TABLE kept_full AS
SELECT id FROM experiments WHERE seq > 1000000 AND status = 'SUCCEEDED' AND outputs_series = 'full';
CREATE TEMP TABLE kept_none AS
SELECT id FROM experiments WHERE seq > 1000000 AND status = 'SUCCEEDED' AND outputs_series = 'none';
SELECT pg_temp.clone('results', :'full', 'SELECT id FROM kept_full') \gset
SELECT pg_temp.clone('results', :'none', 'SELECT id FROM kept_none') \gset
-- The same scenario's results differ from run to run in their numbers; spread them so sweep statistics are not 0.
UPDATE results SET throughput_mbps = throughput_mbps * (0.9 + 0.2 * random())
WHERE experiment_id IN (SELECT id FROM kept_none);
SELECT pg_temp.clone(tbl, :'full', 'SELECT id FROM kept_full UNION ALL SELECT id FROM kept_none')
FROM unnest(ARRAY['result_flows', 'result_stations', 'result_txqs']) tbl \g /dev/null
SELECT pg_temp.clone('result_series_arrays', :'full', 'SELECT id FROM kept_full') \gset
-- Stored metrics (V16, issue 17), where the build has them: from the run whose document each clone has (the two
-- runs differ in engine.* by their sampling events).
SELECT pg_temp.clone('result_metrics', :'full', 'SELECT id FROM kept_full')
WHERE to_regclass('result_metrics') IS NOT NULL \g /dev/null
SELECT pg_temp.clone('result_metrics', :'none', 'SELECT id FROM kept_none')
WHERE to_regclass('result_metrics') IS NOT NULL \g /dev/null

SELECT setval(pg_get_serial_sequence('experiments', 'seq'), (SELECT max(seq) FROM experiments)) \gset
COMMIT;
VACUUM ANALYZE;
-- The bulk load's dirty pages are written now, not by a checkpoint spread over the measurements that follow (the
-- WAL-triggered one after a 1.5 GB load ran for 270 s, its writes and fsyncs beside every request measured): a
-- database that has held its experiments for a while has no such backlog.
CHECKPOINT;
