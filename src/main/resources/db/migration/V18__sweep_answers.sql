-- Issue 17: a settled sweep's default answers (GET /sweeps/{id} and table.csv as the API sends them), stored once so
-- that reading a settled sweep is one primary-key fetch instead of its table rendered again. Common H2/PostgreSQL
-- subset as in V1.
--
-- A row is written in one statement, only for a sweep whose every experiment is final (its answer can no longer
-- change), and goes with its sweep (ON DELETE CASCADE, in DELETE /sweeps/{id}'s transaction). renderer names the
-- build that wrote the bytes (version, commit and build time): another build renders again and replaces the row, so
-- an answer is only ever sent by the build that rendered it.
CREATE TABLE sweep_answers (
    sweep_id UUID         NOT NULL REFERENCES sweeps (id) ON DELETE CASCADE,
    request  VARCHAR(200) NOT NULL,
    renderer VARCHAR(200) NOT NULL,
    body     BYTEA        NOT NULL,
    PRIMARY KEY (sweep_id, request)
);
