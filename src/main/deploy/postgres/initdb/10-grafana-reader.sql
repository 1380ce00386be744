-- Run once by the postgres image on an empty data volume (docker-entrypoint-initdb.d), as the fqlab superuser.
-- Grafana logs in as grafana_reader: it may read every table, including those Flyway creates later
-- (pg_read_all_data, PostgreSQL 14+), and write none; Grafana runs whatever SQL its editors type.
-- Idempotent, so the dashboard test can apply it to its own server too.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'grafana_reader') THEN
        CREATE ROLE grafana_reader LOGIN PASSWORD 'grafana_reader';
    END IF;
END
$$;
GRANT pg_read_all_data TO grafana_reader;
