-- Admission to the queue (fqlab.queue-capacity). Every submission that queues experiments locks this one row
-- (SELECT ... FOR UPDATE) in its transaction before it counts the waiting experiments, and keeps the lock until it
-- commits or rolls back with its own experiments: the count and the insert are one step for every instance on this
-- database, so the queue never holds more than the capacity because requests raced. (V5 is unused: Flyway would
-- refuse a new V5 on databases that already have V6.)
CREATE TABLE queue_admission (
    id INTEGER NOT NULL PRIMARY KEY,
    CONSTRAINT queue_admission_one_row CHECK (id = 1)
);
INSERT INTO queue_admission (id) VALUES (1);
