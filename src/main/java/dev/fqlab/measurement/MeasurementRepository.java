package dev.fqlab.measurement;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code measurements} table (V15): one row per uploaded flent file, the file kept as sent. */
@Repository
public class MeasurementRepository {

    private static final String COLUMNS = "id, name, test, uploaded_at, size_bytes";

    private final JdbcClient jdbc;

    public MeasurementRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(Measurement m, String metadataJson, byte[] file) {
        jdbc.sql("""
                INSERT INTO measurements (id, name, test, uploaded_at, size_bytes, metadata, document)
                VALUES (:id, :name, :test, :uploadedAt, :size, :metadata, :document)""")
                .param("id", m.id())
                .param("name", m.name())
                .param("test", m.test())
                .param("uploadedAt", m.uploadedAt().atOffset(ZoneOffset.UTC))
                .param("size", m.sizeBytes())
                .param("metadata", metadataJson)
                .param("document", file)
                .update();
    }

    public Optional<Measurement> find(UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM measurements WHERE id = :id").param("id", id)
                .query(MeasurementRepository::row).optional();
    }

    /** The uploaded file as sent. */
    public Optional<byte[]> file(UUID id) {
        return jdbc.sql("SELECT document FROM measurements WHERE id = :id").param("id", id)
                .query((rs, n) -> rs.getBytes(1)).optional();
    }

    /** Newest first. */
    public List<Measurement> list(int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM measurements ORDER BY uploaded_at DESC, id LIMIT :limit")
                .param("limit", limit).query(MeasurementRepository::row).list();
    }

    public boolean delete(UUID id) {
        return jdbc.sql("DELETE FROM measurements WHERE id = :id").param("id", id).update() > 0;
    }

    private static Measurement row(ResultSet rs, int n) throws SQLException {
        Instant uploaded = rs.getObject("uploaded_at", OffsetDateTime.class).toInstant();
        return new Measurement(rs.getObject("id", UUID.class), rs.getString("name"), rs.getString("test"), uploaded,
                rs.getLong("size_bytes"));
    }
}
