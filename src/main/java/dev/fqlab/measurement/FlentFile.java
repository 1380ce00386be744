package dev.fqlab.measurement;

import dev.fqlab.web.ApiProblem;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads an uploaded flent data file the way flent 2.1 does ({@code flent/resultset.py}: a gzip'ed UTF-8 JSON
 * object, {@code version} at most 4, {@code metadata.NAME}, {@code x_values}, {@code results} with one array per
 * series of {@code x_values}' length, {@code raw_values} optional), and says in a 400 exactly what is wrong with
 * one it cannot read. The decompressed JSON is capped so that a small gzip cannot expand without bound.
 */
public final class FlentFile {

    /** flent 2.1's newest file format (resultset.py FILEFORMAT_VERSION). */
    static final int MAX_VERSION = 4;

    private FlentFile() {
    }

    /** The JSON document inside {@code gzip}; 400 naming the problem otherwise. */
    public static JsonNode read(byte[] gzip, long maxJsonBytes, JsonMapper json) {
        if (gzip == null || gzip.length == 0) {
            throw ApiProblem.invalidUpload("The body is empty: send a .flent.gz file (gzip of flent's JSON) as the body.");
        }
        if (gzip.length < 2 || (gzip[0] & 0xff) != 0x1f || (gzip[1] & 0xff) != 0x8b) {
            throw ApiProblem.invalidUpload("The body is not gzip (it does not start with the gzip magic bytes 1f 8b): "
                    + "send the .flent.gz file flent wrote, e.g. curl --data-binary @FILE.flent.gz.");
        }
        byte[] text = gunzip(gzip, maxJsonBytes);
        JsonNode document;
        try {
            document = json.readTree(text);
        } catch (JacksonException e) {
            throw ApiProblem.invalidUpload("The gzip holds no JSON: " + e.getOriginalMessage() + ".");
        }
        check(document);
        return document;
    }

    private static byte[] gunzip(byte[] gzip, long maxBytes) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (out.size() + (long) n > maxBytes) {
                    throw ApiProblem.invalidUpload("The file decompresses to more than " + maxBytes
                            + " bytes of JSON (fqlab.measurements.max-json-bytes).");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (ZipException e) {
            throw ApiProblem.invalidUpload("The body is not valid gzip: " + e.getMessage() + ".");
        } catch (IOException e) {
            throw ApiProblem.invalidUpload("The gzip stream is truncated or damaged: " + e.getMessage() + ".");
        }
    }

    /** What flent itself requires of a data file; every problem at once. */
    private static void check(JsonNode d) {
        if (!d.isObject()) {
            throw ApiProblem.invalidUpload("The JSON is not a flent data file: it is not an object with version, "
                    + "metadata, x_values and results.");
        }
        StringBuilder problems = new StringBuilder();
        JsonNode version = d.get("version");
        if (version == null || !version.isIntegralNumber()) {
            problems.append(" 'version' is missing or not an integer;");
        } else if (version.asInt() > MAX_VERSION || version.asInt() < 1) {
            problems.append(" 'version' ").append(version.asInt()).append(" is not a flent file format (1 to ")
                    .append(MAX_VERSION).append(");");
        }
        if (!d.path("metadata").isObject()) {
            problems.append(" 'metadata' is missing or not an object;");
        } else if (!d.path("metadata").path("NAME").isString() || d.path("metadata").get("NAME").asString().isBlank()) {
            problems.append(" 'metadata.NAME' (the flent test) is missing;");
        }
        JsonNode x = d.get("x_values");
        if (x == null || !x.isArray()) {
            problems.append(" 'x_values' is missing or not an array;");
        }
        JsonNode results = d.get("results");
        if (results == null || !results.isObject()) {
            problems.append(" 'results' is missing or not an object;");
        } else if (x != null && x.isArray()) {
            for (String name : results.propertyNames()) {
                JsonNode series = results.get(name);
                if (!series.isArray() || series.size() != x.size()) {
                    problems.append(" 'results' series '").append(name).append("' has ")
                            .append(series.isArray() ? series.size() + " values" : "no array").append(", not one per x value (")
                            .append(x.size()).append(");");
                }
            }
        }
        if (d.has("raw_values") && !d.get("raw_values").isObject()) {
            problems.append(" 'raw_values' is not an object of series;");
        }
        if (!problems.isEmpty()) {
            throw ApiProblem.invalidUpload("The JSON is not a flent data file flent could load:"
                    + problems.substring(0, problems.length() - 1) + ".");
        }
    }
}
