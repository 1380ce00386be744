-- A sweep's cells keep their experiments (issue 15). V4 let deleting an experiment take its cells with it
-- (ON DELETE CASCADE), so a sweep lost repetitions and its statistics changed while it still said SUCCEEDED. Now an
-- experiment that fills a cell of any sweep is refused deletion (409 member-of-sweep) and goes only with its sweep
-- (DELETE /sweeps/{id}); the foreign key refuses it too. The key's generated name differs between H2 and PostgreSQL,
-- so the table is rebuilt instead of altered, with names of its own. Common H2/PostgreSQL subset as in V1.
CREATE TABLE sweep_cells (
    sweep_id      UUID    NOT NULL,
    -- combination × repetitions + repetition: the order of the sweep's table.
    position      INTEGER NOT NULL,
    combination   INTEGER NOT NULL,
    repetition    INTEGER NOT NULL,
    experiment_id UUID    NOT NULL,
    reused        BOOLEAN NOT NULL,
    CONSTRAINT sweep_cells_pk PRIMARY KEY (sweep_id, position),
    CONSTRAINT sweep_cells_sweep_fk FOREIGN KEY (sweep_id) REFERENCES sweeps (id) ON DELETE CASCADE,
    CONSTRAINT sweep_cells_experiment_fk FOREIGN KEY (experiment_id) REFERENCES experiments (id) ON DELETE RESTRICT
);
INSERT INTO sweep_cells (sweep_id, position, combination, repetition, experiment_id, reused)
    SELECT sweep_id, position, combination, repetition, experiment_id, reused FROM sweep_experiments;
DROP TABLE sweep_experiments;
ALTER TABLE sweep_cells RENAME TO sweep_experiments;
CREATE INDEX sweep_experiments_experiment_idx ON sweep_experiments (experiment_id);
