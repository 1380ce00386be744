-- Uploaded flent data files (POST /api/v1/measurements): the file as sent (gzip of flent's JSON), its metadata
-- object as JSON text for SQL, and what the service read from it. A measurement hangs off nothing.
CREATE TABLE measurements (
    id          UUID                     NOT NULL PRIMARY KEY,
    name        VARCHAR(200)             NOT NULL,
    test        VARCHAR(100)             NOT NULL,
    uploaded_at TIMESTAMP WITH TIME ZONE NOT NULL,
    size_bytes  BIGINT                   NOT NULL,
    metadata    TEXT                     NOT NULL,
    document    BYTEA                    NOT NULL
);

CREATE INDEX measurements_uploaded_at ON measurements (uploaded_at DESC, id);
