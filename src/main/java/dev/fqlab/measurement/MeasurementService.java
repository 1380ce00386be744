package dev.fqlab.measurement;

import dev.fqlab.web.ApiProblem;
import dev.fqlab.web.PathIds;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Uploaded measurements: flent data files recorded on a real network, kept to be compared with simulations
 * ({@code GET /api/v1/compare?ids=…&measurements=…}).
 */
@Service
public class MeasurementService {

    private final MeasurementRepository repository;
    private final JsonMapper json;
    private final long maxJsonBytes;

    public MeasurementService(MeasurementRepository repository, JsonMapper json,
            @Value("${fqlab.measurements.max-json-bytes:67108864}") long maxJsonBytes) {
        this.repository = repository;
        this.json = json;
        this.maxJsonBytes = maxJsonBytes;
    }

    /** Checks and stores a .flent.gz; {@code name} defaults to the file's TITLE, else its test name. */
    public Measurement upload(byte[] file, String name) {
        JsonNode document = FlentFile.read(file, maxJsonBytes, json);
        JsonNode meta = document.get("metadata");
        String test = printable(meta.get("NAME").asString(), 100);
        String title = meta.path("TITLE").isString() ? printable(meta.get("TITLE").asString(), 200) : "";
        if (name != null && name.length() > 200) {
            throw ApiProblem.invalidParameter("name", "The name has " + name.length() + " characters; at most 200.");
        }
        String chosen = name != null && !name.isBlank() ? name : !title.isBlank() ? title : test;
        Measurement m = new Measurement(UUID.randomUUID(), chosen, test,
                Clock.systemUTC().instant().truncatedTo(ChronoUnit.MICROS), file.length);
        repository.insert(m, json.writeValueAsString(meta), file);
        return m;
    }

    /**
     * Text from the file for the table's columns: without control characters or unpaired surrogates (PostgreSQL
     * stores neither), at most {@code max} characters.
     */
    static String printable(String text, int max) {
        StringBuilder out = new StringBuilder();
        text.codePoints().filter(cp -> cp >= 0x20 && cp != 0x7f && (cp < 0xD800 || cp > 0xDFFF))
                .forEach(out::appendCodePoint);
        String s = out.toString().strip();
        return s.length() <= max ? s : s.substring(0, max);
    }

    public Measurement get(UUID id) {
        return repository.find(id).orElseThrow(() -> ApiProblem.notFound("No measurement with id " + id + "."));
    }

    public Measurement get(String id) {
        return get(PathIds.parse(id, "measurement"));
    }

    /** The file as uploaded. */
    public byte[] file(UUID id) {
        return repository.file(id).orElseThrow(() -> ApiProblem.notFound("No measurement with id " + id + "."));
    }

    /** The file's JSON document (checked at upload). */
    public JsonNode document(UUID id) {
        return FlentFile.read(file(id), maxJsonBytes, json);
    }

    public List<Measurement> list(int limit) {
        return repository.list(limit);
    }

    public void delete(String id) {
        UUID uuid = PathIds.parse(id, "measurement");
        if (!repository.delete(uuid)) {
            throw ApiProblem.notFound("No measurement with id " + id + ".");
        }
    }
}
