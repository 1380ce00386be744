package dev.fqlab.result;

import static dev.fqlab.support.TestScenarios.quick;
import static dev.fqlab.support.TestScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** WiFi results through the API: the aqm table of seed 004's two strategies, stations in CSV and SQL. */
class WifiResultApiTest extends ServiceTest {

    private String run(String preset) {
        String id = submit("{\"preset\": \"" + preset + "\", \"overrides\": {\"durationS\": 3, \"warmupS\": 0.5},"
                + " \"tags\": [\"wifi-api\"]}").get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        return id;
    }

    /** tid-0 row of the aqm text as numbers: backlog-bytes … tx-packets. */
    private static long[] tid0(String aqm) {
        String row = aqm.lines().filter(l -> l.startsWith("0 2 ")).findFirst().orElseThrow();
        String[] f = row.split(" ");
        long[] n = new long[9];
        for (int i = 0; i < 9; i++) {
            n[i] = Long.parseLong(f[i + 2]);
        }
        return n;
    }

    @Test
    void aqmShowsNewFlowsEqualToTxPacketsForOneFramePerWakeAndABacklogForDrainAll() {
        Api.Response perWake = api.get("/api/v1/experiments/" + run("seed-004-per-wake") + "/aqm");
        assertThat(perWake.status()).isEqualTo(200);
        assertThat(perWake.contentType()).startsWith("text/plain");
        List<String> lines = perWake.body().lines().toList();
        assertThat(lines.get(0)).isEqualTo("station sta1");
        assertThat(lines.get(1)).isEqualTo("target 20000us interval 100000us ecn yes");
        assertThat(lines.get(2)).isEqualTo(AqmTable.HEADER);
        assertThat(lines).hasSize(3 + 16);
        long[] pw = tid0(perWake.body());
        assertThat(pw[2]).as("new-flows").isEqualTo(pw[8]).isGreaterThan(10_000); // = tx-packets
        assertThat(pw[5]).as("overlimit").isZero();

        long[] da = tid0(api.get("/api/v1/experiments/" + run("seed-004-drain-all") + "/aqm").body());
        assertThat(da[2]).as("new-flows").isLessThanOrEqualTo((long) (0.6 * da[8]));
        assertThat(da[5]).as("overlimit").isGreaterThan(0);
    }

    @Test
    void stationsAppearInTheResultTheCsvAndSql() {
        String id = run("seed-000-fq-fixed");
        JsonNode result = api.get("/api/v1/experiments/" + id + "/result").json();
        assertThat(result.get("stations")).hasSize(2);
        assertThat(result.get("stations").get(0).get("name").asString()).isEqualTo("sta1");
        assertThat(result.get("txqs").get(0).get("ac").asString()).isEqualTo("BE");
        assertThat(result.get("summary").get("jainAirtime").isNumber()).isTrue();
        assertThat(result.get("series").get("stations").has("sta2")).isTrue();

        String csv = api.get("/api/v1/experiments/" + id + "/result.csv").body();
        assertThat(csv.lines().findFirst().orElseThrow()).contains("station.airtimeShare");
        assertThat(csv.lines().filter(l -> l.startsWith("station,")).count()).isEqualTo(2);

        assertThat(count("SELECT count(*) FROM result_stations WHERE experiment_id = ?", id)).isEqualTo(2);
        assertThat(count("SELECT count(*) FROM result_txqs WHERE experiment_id = ?", id)).isEqualTo(2);
    }

    /**
     * A station with a channel gets {@code stations[].channel} in the result, {@code station.channel.*} in the CSV
     * and the V9 columns in SQL; a station without one has none of them. MCS 7 at 23 dB loses about 0.66 of its
     * 1538-byte MPDUs (README's table: 0.658 at 1500 bytes).
     */
    @Test
    void aStationsChannelAppearsInTheResultTheCsvAndSql() {
        String scenario = """
                {"durationS": 2, "warmupS": 0.5, "link": {"type": "wifi"},
                 "stations": [{"name": "near", "mcs": 7, "snrDb": 23, "rateControl": "fixed"}, {"name": "plain", "mcs": 7}],
                 "flows": [{"name": "u", "type": "udp", "rateMbps": 20, "station": "near"},
                           {"name": "v", "type": "udp", "rateMbps": 20, "station": "plain"}]}""";
        String id = submit(request(scenario, "channel", "wifi-api")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        JsonNode stations = api.get("/api/v1/experiments/" + id + "/result").json().get("stations");
        JsonNode channel = stations.get(0).get("channel");
        assertThat(channel.get("snrDb").asDouble()).isEqualTo(23);
        assertThat(channel.get("meanSnrDb").asDouble()).isEqualTo(23);
        assertThat(channel.get("uplinkSnrDb").asDouble()).isEqualTo(23);
        assertThat(channel.get("mpduErrorRate").asDouble()).isBetween(0.55, 0.75);
        assertThat(stations.get(1).has("channel")).isFalse();

        String csv = api.get("/api/v1/experiments/" + id + "/result.csv").body();
        assertThat(csv.lines().findFirst().orElseThrow()).contains("station.channel.mpduErrorRate");

        assertThat(count("SELECT count(*) FROM result_stations WHERE experiment_id = ? AND snr_db = 23"
                + " AND mean_snr_db = 23 AND mpdu_error_rate > 0.5", id)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM result_stations WHERE experiment_id = ? AND snr_db IS NULL", id))
                .isEqualTo(1);
    }

    @Test
    void aMinstrelStationHasRcStatsAndRatesAFixedOneNeither() {
        String scenario = """
                {"durationS": 2, "warmupS": 0.5,
                 "link": {"type": "wifi", "standard": "802.11n", "channelWidthMhz": 20},
                 "stations": [{"name": "sta1", "mcs": 15, "rateControl": "minstrel_ht"}, {"name": "sta2", "mcs": 7}],
                 "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "u1", "type": "udp", "station": "sta1", "rateMbps": 50},
                           {"name": "u2", "type": "udp", "station": "sta2", "rateMbps": 10, "direction": "up"}]}""";
        String id = submit(request(scenario, "minstrel-api", "wifi-api")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        Api.Response rc = api.get("/api/v1/experiments/" + id + "/stations/sta1/rc_stats");
        assertThat(rc.status()).isEqualTo(200);
        assertThat(rc.contentType()).startsWith("text/plain");
        assertThat(rc.body().lines().skip(2).findFirst().orElseThrow())
                .isEqualTo("mode guard #  rate   [name   idx airtime  max_tp]  [avg(tp) avg(prob)]  [retry|suc|att]  "
                        + "[#success | #attempts]");
        assertThat(rc.body()).contains("HT20  LGI  2  ", "Total packet count::");
        assertThat(api.get("/api/v1/experiments/" + id + "/stations/sta1/rc_stats?direction=up").status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/experiments/" + id + "/stations/sta1/rc_stats?direction=sideways").status())
                .isEqualTo(400);
        Api.Response fixed = api.get("/api/v1/experiments/" + id + "/stations/sta2/rc_stats");
        assertThat(fixed.status()).isEqualTo(404);
        assertThat(fixed.json().get("detail").asString()).contains("fixed rate");
        assertThat(api.get("/api/v1/experiments/" + id + "/stations/nobody/rc_stats").status()).isEqualTo(404);

        JsonNode stations = api.get("/api/v1/experiments/" + id + "/result").json().get("stations");
        assertThat(stations.get(0).get("rates").get(0).get("direction").asString()).isEqualTo("down");
        assertThat(stations.get(1).has("rates")).isFalse();
        assertThat(stations.get(1).has("rcStats")).isFalse();
    }

    @Test
    void aWiredExperimentHasNoAqmTable() {
        String id = submit(request(quick(), "wired-aqm", "wifi-api")).get("id").asString();
        awaitStatus(id, "SUCCEEDED", Duration.ofSeconds(60));
        Api.Response aqm = api.get("/api/v1/experiments/" + id + "/aqm");
        assertThat(aqm.status()).isEqualTo(404);
        assertThat(aqm.contentType()).startsWith("application/problem+json");
        assertThat(aqm.json().get("detail").asString()).contains("no mac80211 TXQs");
    }
}
