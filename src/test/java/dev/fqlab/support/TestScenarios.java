package dev.fqlab.support;

/** Scenario and request documents for service tests, as JSON text (what curl users send). */
public final class TestScenarios {

    private TestScenarios() {
    }

    /** The example preset's kind of scenario: 1 s of two UDP flows and a ping through fq_codel at 10 Mbit/s. */
    public static String quick() {
        return wired(10, 1);
    }

    /** A wired fq_codel scenario; the engine does roughly 2 million events per second, 250 000 per s × 100 Mbit/s. */
    public static String wired(double rateMbps, double durationS) {
        return """
                {"durationS": %s, "link": {"type": "wired", "rateMbps": %s},
                 "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "udp1", "type": "udp", "rateMbps": %s},
                           {"name": "udp2", "type": "udp", "rateMbps": %s},
                           {"name": "ping", "type": "ping", "intervalMs": 100}]}"""
                .formatted(durationS, rateMbps, rateMbps * 0.8, rateMbps * 0.4);
    }

    /** Runs for minutes (1 Gbit/s for 600 s): something to cancel, or to kill an instance under. */
    public static String endless() {
        return wired(1000, 600);
    }

    public static String request(String scenario) {
        return "{\"scenario\": " + scenario + "}";
    }

    public static String request(String scenario, String name, String... tags) {
        StringBuilder t = new StringBuilder();
        for (String tag : tags) {
            t.append(t.isEmpty() ? "" : ", ").append('"').append(tag).append('"');
        }
        return "{\"name\": \"" + name + "\", \"tags\": [" + t + "], \"scenario\": " + scenario + "}";
    }
}
