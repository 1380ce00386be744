package dev.fqlab.result;

import dev.fqlab.experiment.ExperimentIds;
import dev.fqlab.experiment.ExperimentService;
import dev.fqlab.experiment.StoredScenarios;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.web.ApiError;
import dev.fqlab.web.ApiProblem;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/** The result of a succeeded experiment, as JSON (results.md) and as CSV tables. */
@RestController
@RequestMapping("/api/v1/experiments/{id}")
@Tag(name = "Results", description = "What a succeeded experiment measured")
public class ResultController {

    static final MediaType TEXT_CSV = new MediaType("text", "csv", java.nio.charset.StandardCharsets.UTF_8);

    private final StoredResults results;
    private final ExperimentService experiments;
    private final StoredScenarios scenarios;
    private final JsonMapper jsonMapper;

    public ResultController(StoredResults results, ExperimentService experiments, StoredScenarios scenarios,
            JsonMapper jsonMapper) {
        this.results = results;
        this.experiments = experiments;
        this.scenarios = scenarios;
        this.jsonMapper = jsonMapper;
    }

    @GetMapping(path = "/result", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "The result (spec/results.md)")
    @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = SimulationResult.class)))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet); experimentStatus tells the status",
            content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> result(@PathVariable String id) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(results.document(ExperimentIds.parse(id)));
    }

    @GetMapping(path = "/result.csv", produces = "text/csv")
    @Operation(summary = "Per-flow and per-station tables as CSV",
            description = "One header row, then one row per flow and, on WiFi, one per station. The leading 'table' column"
                    + " says which (flow or station); station columns are prefixed 'station.' and empty on flow rows.")
    public ResponseEntity<String> resultCsv(@PathVariable String id) {
        UUID uuid = ExperimentIds.parse(id);
        return csv(uuid + "-result.csv", ResultCsv.flows(result(uuid)));
    }

    @GetMapping(path = "/series.csv", produces = "text/csv")
    @Operation(summary = "Time series as CSV", description = "One row per interval: t_s (end of the interval), then one column per series, e.g. flow.udp1.throughputMbps, qdisc.backlogPackets.")
    @ApiResponse(responseCode = "404", description = "Unknown experiment, or one that kept no time series (outputs.series none)",
            content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> seriesCsv(@PathVariable String id) {
        UUID uuid = ExperimentIds.parse(id);
        StoredResults.requireSeries(experiments.get(uuid), "series CSV");
        return csv(uuid + "-series.csv", ResultCsv.series(result(uuid)));
    }

    @GetMapping(path = "/aqm", produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(summary = "Per-station TXQ counters in mac80211's debugfs aqm format",
            description = "One block per station: a 'station NAME' line, the CoDel parameter line, the column header "
                    + "'" + AqmTable.HEADER + "' and one row per TID 0-15. Only for WiFi experiments with mac80211 TXQs.")
    @ApiResponse(responseCode = "200", description = "The aqm text, as `cat /sys/kernel/debug/ieee80211/*/netdev:*/stations/*/aqm` prints it",
            content = @Content(mediaType = MediaType.TEXT_PLAIN_VALUE, schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "Unknown experiment, or one without mac80211 TXQs",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet)", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> aqm(@PathVariable String id) {
        UUID uuid = ExperimentIds.parse(id);
        SimulationResult result = result(uuid);
        Scenario scenario = scenarios.read(jsonMapper.readTree(experiments.get(uuid).scenarioJson()));
        TxqsSpec txqs = scenario.stack().txqs();
        if (!(scenario.link() instanceof WifiLinkSpec) || txqs == null || !txqs.enabled()) {
            throw ApiProblem.notFound("Experiment " + uuid + " has no mac80211 TXQs (a wired link, or a WiFi link "
                    + "with txqs.enabled false), so there is no aqm table.");
        }
        List<String> stations = scenario.stations().stream().map(StationSpec::name).toList();
        boolean ampdu = scenario.stack().driver().dequeue() == DequeueStrategy.AGGREGATE;
        String body = AqmTable.render(result, stations, txqs.codel().targetMs(), txqs.codel().intervalMs(),
                txqs.codel().ecn(), ampdu);
        return ResponseEntity.ok().contentType(new MediaType("text", "plain", StandardCharsets.UTF_8)).body(body);
    }

    @GetMapping(path = "/stations/{station}/rc_stats", produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(summary = "A station's Minstrel-HT statistics in mac80211's debugfs rc_stats format",
            description = "The AP's rate control toward the station (direction=down, the default) or the station's own "
                    + "toward the AP (direction=up), as rc80211_minstrel_ht_debugfs.c prints it. Only for stations "
                    + "with rateControl minstrel_ht.")
    @ApiResponse(responseCode = "200", description = "The rc_stats text, as `cat /sys/kernel/debug/ieee80211/*/netdev:*/stations/*/rc_stats` prints it",
            content = @Content(mediaType = MediaType.TEXT_PLAIN_VALUE, schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "Unknown experiment or station, or a station with a fixed rate",
            content = @Content(mediaType = "application/problem+json"))
    @ApiResponse(responseCode = "409", description = "Not succeeded (yet)", content = @Content(mediaType = "application/problem+json"))
    public ResponseEntity<String> rcStats(@PathVariable String id, @PathVariable String station,
                                          @RequestParam(defaultValue = "down") String direction) {
        UUID uuid = ExperimentIds.parse(id);
        if (!direction.equals("down") && !direction.equals("up")) {
            throw ApiProblem.invalid(List.of(ApiError.parameter("direction",
                    "direction must be down or up (got " + direction + ")")));
        }
        SimulationResult result = result(uuid);
        StationResult found = result.stations() == null ? null : result.stations().stream()
                .filter(s -> s.name().equals(station)).findFirst().orElse(null);
        if (found == null) {
            throw ApiProblem.notFound("Experiment " + uuid + " has no station " + station + ".");
        }
        String body = direction.equals("up") ? found.rcStatsUp() : found.rcStats();
        if (body == null) {
            throw ApiProblem.notFound("Station " + station + " of experiment " + uuid + " has a fixed rate "
                    + "(rateControl fixed), so there is no rc_stats.");
        }
        return ResponseEntity.ok().contentType(new MediaType("text", "plain", StandardCharsets.UTF_8)).body(body);
    }

    private SimulationResult result(UUID id) {
        return jsonMapper.readValue(results.document(id), SimulationResult.class);
    }

    private static ResponseEntity<String> csv(String filename, String body) {
        return ResponseEntity.ok()
                .contentType(TEXT_CSV)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline().filename(filename).build().toString())
                .body(body);
    }
}
