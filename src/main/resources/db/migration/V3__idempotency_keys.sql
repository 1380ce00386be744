-- Idempotency-Key on POST /experiments (api.md): a key remembers the request body it came with (SHA-256 of the
-- bytes) and the experiment it created; it goes when that experiment is deleted.
CREATE TABLE idempotency_keys (
    idem_key       VARCHAR(200)             NOT NULL PRIMARY KEY,
    request_sha256 CHAR(64)                 NOT NULL,
    experiment_id  UUID                     NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL
);
