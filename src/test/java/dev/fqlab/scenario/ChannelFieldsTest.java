package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.ChannelSpec;
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The channel fields of a station (scenario.md {@code stations[].snrDb}, {@code distanceM} and beside them): their
 * defaults (ns-3's) appear only when the station has a channel, so a scenario without one normalizes, and hashes,
 * exactly as before.
 */
class ChannelFieldsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    private static Scenario parse(String stations) {
        ParsedScenario parsed = PARSER.parse(JSON.readTree("""
                {"durationS": 10, "link": {"type": "wifi"}, "stations": [%s],
                 "flows": [{"name": "f", "type": "udp", "rateMbps": 5, "station": "a"}]}""".formatted(stations)));
        assertThat(parsed.errors()).isEmpty();
        return parsed.scenario();
    }

    @Test
    void noChannelNoFields() {
        Scenario scenario = parse("{\"name\": \"a\", \"mcs\": 15}");
        assertThat(scenario.stations().get(0).channel()).isEqualTo(ChannelSpec.none());
        assertThat(ScenarioJson.toJson(scenario).at("/stations/0").propertyNames())
                .containsExactly("name", "mcs", "spatialStreams", "frameErrorRate", "airtimeWeight", "rateControl");
        assertThat(ScenarioJson.toJson(scenario).get("link").has("centerFrequencyMhz")).isFalse();
    }

    @Test
    void snrDefaults() {
        ChannelSpec c = parse("{\"name\": \"a\", \"mcs\": 15, \"snrDb\": 25}").stations().get(0).channel();
        assertThat(c.uplinkSnrDb()).isEqualTo(25.0);
        assertThat(c.antennas()).isEqualTo(2); // MCS 15: 2 streams
        assertThat(c.fadeSigmaDb()).isZero();
        assertThat(c.fadeCorrelationS()).isEqualTo(1.0);
        assertThat(c.apTxPowerDbm()).isNull();
        assertThat(c.distanceM()).isNull();
    }

    @Test
    void distanceDefaultsAreNs3s() {
        ChannelSpec c = parse("{\"name\": \"a\", \"mcs\": 0, \"distanceM\": 30}").stations().get(0).channel();
        assertThat(c.apTxPowerDbm()).isEqualTo(16.0206); // WifiPhy::TxPowerStart/End
        assertThat(c.txPowerDbm()).isEqualTo(16.0206);
        assertThat(c.noiseFigureDb()).isEqualTo(7.0); // WifiPhy::RxNoiseFigure
        assertThat(c.pathLossExponent()).isEqualTo(3.0); // LogDistancePropagationLossModel::Exponent
        assertThat(c.antennas()).isEqualTo(1);
        assertThat(c.uplinkSnrDb()).isNull();
    }

    /** Issue 12: Minstrel-HT is the default rate control of a station with a channel; without one a fixed rate. */
    @Test
    void aChannelMakesMinstrelHtTheDefaultRateControl() {
        assertThat(parse("{\"name\": \"a\", \"mcs\": 15}").stations().get(0).rateControl())
                .isEqualTo(RateControlType.FIXED);
        assertThat(parse("{\"name\": \"a\", \"mcs\": 15, \"snrDb\": 25}").stations().get(0).rateControl())
                .isEqualTo(RateControlType.MINSTREL_HT);
        assertThat(parse("{\"name\": \"a\", \"mcs\": 0, \"distanceM\": 30}").stations().get(0).rateControl())
                .isEqualTo(RateControlType.MINSTREL_HT);
        assertThat(parse("{\"name\": \"a\", \"mcs\": 15, \"snrDb\": 25, \"rateControl\": \"fixed\"}")
                .stations().get(0).rateControl()).isEqualTo(RateControlType.FIXED);
        assertThat(parse("{\"name\": \"a\", \"mcs\": 15, \"rateControl\": \"minstrel_ht\"}").stations().get(0)
                .rateControl()).isEqualTo(RateControlType.MINSTREL_HT);
    }
}
