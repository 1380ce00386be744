package dev.fqlab.measurement;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/** Upload real flent data files to set them beside simulations. */
@RestController
@RequestMapping(MeasurementController.BASE)
@Tag(name = "Measurements", description = "Real flent data files, to compare with simulations")
public class MeasurementController {

    static final String BASE = "/api/v1/measurements";

    private final MeasurementService service;

    public MeasurementController(MeasurementService service) {
        this.service = service;
    }

    /** A measurement as the API shows it. */
    public record MeasurementResource(String id, String name, String test, String uploadedAt, long sizeBytes,
                                      Map<String, String> links) {

        static MeasurementResource of(Measurement m) {
            Map<String, String> links = new LinkedHashMap<>();
            links.put("self", BASE + "/" + m.id());
            links.put("file", BASE + "/" + m.id() + "/flent");
            links.put("compare", "/api/v1/compare/report?ids={experimentId}&measurements=" + m.id());
            return new MeasurementResource(m.id().toString(), m.name(), m.test(), m.uploadedAt().toString(),
                    m.sizeBytes(), links);
        }
    }

    @PostMapping
    @Operation(summary = "Upload a flent data file",
            description = "The body is a .flent.gz file as flent wrote it (gzip of flent's JSON, format version <= 4),"
                    + " e.g. `curl --data-binary @ping-2026-….flent.gz -H 'Content-Type: application/gzip'`. The body is"
                    + " capped by fqlab.limits.max-request-bytes (413 beyond) and its JSON by"
                    + " fqlab.measurements.max-json-bytes.")
    @ApiResponse(responseCode = "201", description = "Stored; Location names the measurement")
    @ApiResponse(responseCode = "400", description = "Not gzip, not JSON, or not a flent data file: detail says which",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "413", description = "Larger than fqlab.limits.max-request-bytes",
            content = @Content(mediaType = "application/problem+json"))
    @Parameter(name = "name", in = ParameterIn.QUERY, description = "A name for people; default the file's TITLE, else"
            + " its test name")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
            mediaType = "application/gzip", schema = @Schema(type = "string", format = "binary")))
    public ResponseEntity<MeasurementResource> upload(HttpServletRequest request) throws IOException {
        // The body is read as sent, whatever its Content-Type: curl's --data-binary says form-urlencoded by default,
        // and anything that asked the container for a parameter would have it parse the gzip as a form.
        byte[] body = request.getInputStream().readAllBytes();
        String name = UriComponentsBuilder.newInstance().query(request.getQueryString()).build()
                .getQueryParams().getFirst("name");
        Measurement m = service.upload(body, name == null ? null : UriUtils.decode(name, StandardCharsets.UTF_8));
        URI location = ServletUriComponentsBuilder.fromCurrentContextPath().path(BASE + "/{id}")
                .buildAndExpand(m.id()).toUri();
        return ResponseEntity.status(HttpStatus.CREATED).location(location).body(MeasurementResource.of(m));
    }

    @GetMapping
    @Operation(summary = "List measurements, newest first")
    public Map<String, List<MeasurementResource>> list(
            @Parameter(description = "At most this many (1 to 200)") @RequestParam(defaultValue = "50") int limit) {
        return Map.of("items", service.list(Math.clamp(limit, 1, 200)).stream().map(MeasurementResource::of).toList());
    }

    @GetMapping("/{id}")
    @Operation(summary = "One measurement")
    @ApiResponse(responseCode = "404", description = "Unknown", content = @Content(mediaType = "application/problem+json"))
    public MeasurementResource get(@PathVariable String id) {
        return MeasurementResource.of(service.get(id));
    }

    @GetMapping(path = "/{id}/flent", produces = "application/gzip")
    @Operation(summary = "The uploaded file, as sent")
    @ApiResponse(responseCode = "200", content = @Content(mediaType = "application/gzip",
            schema = @Schema(type = "string", format = "binary")))
    public ResponseEntity<byte[]> file(@PathVariable String id) {
        Measurement m = service.get(id);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/gzip"))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                        .filename(m.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".flent.gz").build().toString())
                .body(service.file(m.id()));
    }

    @DeleteMapping("/{id}")
    @Operation(summary = "Delete a measurement")
    @ApiResponse(responseCode = "204", description = "Deleted")
    public ResponseEntity<Void> delete(@PathVariable String id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
