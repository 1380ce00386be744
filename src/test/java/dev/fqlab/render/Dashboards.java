package dev.fqlab.render;

import dev.fqlab.support.Api;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The provisioned Grafana dashboards (src/main/deploy/grafana/dashboards) as the queries they send: every panel
 * target and every query variable, with Grafana's variables and macros replaced the way Grafana would for a
 * given selection.
 */
final class Dashboards {

    static final Path DEPLOY = Path.of("src", "main", "deploy");
    static final Path DIR = DEPLOY.resolve(Path.of("grafana", "dashboards"));
    static final String PROMETHEUS_UID = "fqlab-prometheus";
    static final String POSTGRES_UID = "fqlab-postgres";

    /** A dashboard variable or macro left after substitution: the test forgot one, or the dashboard uses a new one. */
    private static final Pattern LEFTOVER = Pattern.compile("\\$(\\{)?_*[A-Za-z]");

    /** One query of a dashboard: where it is, which data source, and its text. */
    record Query(String where, String datasourceUid, String text) {

        /** The text with each {@code $name} / {@code ${name}} replaced; fails on anything left over. */
        String substituted(Map<String, String> values) {
            String result = text;
            // longest names first, so $__rate_interval is not mistaken for a shorter name
            List<String> names = new ArrayList<>(values.keySet());
            names.sort((a, b) -> b.length() - a.length());
            for (String name : names) {
                result = result.replace("${" + name + "}", values.get(name)).replace("$" + name, values.get(name));
            }
            Matcher leftover = LEFTOVER.matcher(result);
            if (leftover.find()) {
                throw new AssertionError(where + " uses a variable the test does not substitute: "
                        + result.substring(leftover.start(), Math.min(result.length(), leftover.start() + 30)));
            }
            return result;
        }
    }

    private Dashboards() {
    }

    static JsonNode load(String file) throws IOException {
        return Api.JSON.readTree(Files.readString(DIR.resolve(file)));
    }

    /** Every query of a dashboard file that goes to the data source {@code uid}. */
    static List<Query> queries(String file, String uid) throws IOException {
        JsonNode dashboard = load(file);
        List<Query> queries = new ArrayList<>();
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if ("query".equals(variable.path("type").asString())
                    && uid.equals(variable.path("datasource").path("uid").asString())) {
                JsonNode query = variable.path("query");
                queries.add(new Query(file + " variable " + variable.path("name").asString(), uid,
                        query.isString() ? query.asString() : query.path("query").asString()));
            }
        }
        for (JsonNode panel : panels(dashboard)) {
            for (JsonNode target : panel.path("targets")) {
                String targetUid = target.path("datasource").path("uid").asString(panel.path("datasource").path("uid").asString());
                if (uid.equals(targetUid)) {
                    String text = target.has("expr") ? target.get("expr").asString() : target.path("rawSql").asString();
                    queries.add(new Query(file + " panel '" + panel.path("title").asString() + "' " + target.path("refId").asString(),
                            uid, text));
                }
            }
        }
        return queries;
    }

    /**
     * What Grafana's SQL data sources put in place of each variable for a selection (its
     * {@code SqlDatasource.interpolateVariable}): a multi-value or include-all variable becomes its values quoted
     * and comma-separated (nothing when none is selected); any other variable its bare value.
     */
    static Map<String, String> sqlSubstitutions(String file, Map<String, List<String>> selection) throws IOException {
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (JsonNode variable : load(file).path("templating").path("list")) {
            String name = variable.path("name").asString();
            List<String> selected = selection.get(name);
            if (selected == null) {
                continue;
            }
            boolean quoted = variable.path("multi").asBoolean(false) || variable.path("includeAll").asBoolean(false);
            values.put(name, quoted ? String.join(",", selected.stream().map(v -> "'" + v.replace("'", "''") + "'").toList())
                    : String.join(",", selected));
        }
        return values;
    }

    /** Every panel, rows' nested panels included. */
    static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        }
        return panels;
    }
}
