package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.Api;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

/**
 * What can be checked of the deployment without a Docker engine: docker-compose (Debian's, which validates with no
 * daemon) accepts the compose file and every file it mounts exists; the Dockerfile passes dockerfile-utils' linter
 * and is multi-stage, non-root, with a health check; Prometheus' own promtool accepts the scrape config; and the
 * Grafana provisioning hangs together (every panel names a provisioned data source, the dashboards sit where the
 * provider and the home-dashboard setting look).
 */
class DeploymentFilesTest {

    private static final Path COMPOSE = Path.of("docker-compose.yml");
    private static final Path GRAFANA = Dashboards.DEPLOY.resolve("grafana");

    @TempDir
    Path work;

    @Test
    void dockerComposeAcceptsTheComposeFile() throws Exception {
        ExternalTool compose = ExternalTool.require("docker-compose", "apt-get install docker-compose");
        ExternalTool.Run run = compose.run(Path.of("."), work.resolve("compose.log"), Map.of(), 60,
                "-f", COMPOSE.toString(), "config", "-q");
        assertThat(run.exitCode()).as(run.output()).isZero();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theComposeStackIsCompleteAndScalable() throws Exception {
        Map<String, Object> services = (Map<String, Object>) yaml(COMPOSE).get("services");
        assertThat(services).containsOnlyKeys("db", "app", "prometheus", "grafana");

        Map<String, Object> app = (Map<String, Object>) services.get("app");
        assertThat(app.get("build")).isEqualTo(".");
        assertThat(app).as("--scale app=N needs no fixed name").doesNotContainKey("container_name");
        assertThat((List<String>) app.get("ports")).as("a host port range, one port per replica")
                .singleElement().asString().matches("\\d+-\\d+:8080");
        assertThat((Map<String, Object>) app.get("environment")).containsKey("SPRING_DATASOURCE_URL");

        Map<String, Object> db = (Map<String, Object>) services.get("db");
        assertThat(db).containsKeys("healthcheck", "volumes");
        for (String service : List.of("prometheus", "grafana", "db")) {
            String image = (String) ((Map<String, Object>) services.get(service)).get("image");
            assertThat(image).as(service + " pins its image").matches("[^:]+:[^:]+").doesNotEndWith(":latest");
        }
        Map<String, Object> grafana = (Map<String, Object>) services.get("grafana");
        Map<String, Object> env = (Map<String, Object>) grafana.get("environment");
        assertThat(env).containsEntry("GF_AUTH_ANONYMOUS_ENABLED", "true").containsEntry("GF_AUTH_ANONYMOUS_ORG_ROLE", "Viewer");

        // Every bind mount's source is in the repository (docker-compose config does not check that).
        List<String> mounts = new ArrayList<>();
        for (Object s : services.values()) {
            for (Object volume : (List<Object>) ((Map<String, Object>) s).getOrDefault("volumes", List.of())) {
                String spec = volume.toString();
                if (spec.startsWith("./")) {
                    mounts.add(spec);
                    assertThat(Path.of(spec.split(":")[0])).as(spec).exists();
                }
            }
        }
        assertThat(mounts).hasSize(4);
        // Grafana's home dashboard and the provider's folder are where compose mounts the dashboards.
        String dashboardsMount = mounts.stream().filter(m -> m.contains("grafana/dashboards")).findFirst().orElseThrow();
        String target = dashboardsMount.split(":")[1];
        assertThat((String) env.get("GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH")).startsWith(target + "/");
        assertThat(Dashboards.DIR.resolve(Path.of((String) env.get("GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH")).getFileName()))
                .exists();
        Map<String, Object> provider = ((List<Map<String, Object>>) yaml(GRAFANA.resolve("provisioning/dashboards/fqlab.yml"))
                .get("providers")).getFirst();
        assertThat(((Map<String, Object>) provider.get("options")).get("path")).isEqualTo(target);
    }

    @Test
    void theDockerfilePassesTheLinterAndBuildsSmallAndSafe() throws Exception {
        // dockerfile-utils: the maintained linter (dockerfilelint 1.8.0 misreads HEALTHCHECK --start-period).
        ExternalTool lint = ExternalTool.require("dockerfile-utils", "npm install -g dockerfile-utils");
        ExternalTool.Run run = lint.run(Path.of("."), work.resolve("lint.log"), Map.of(), 60, "lint", "Dockerfile");
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).as("no warnings either").isBlank();

        List<String> lines = Files.readAllLines(Path.of("Dockerfile"));
        List<String> froms = lines.stream().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(froms).containsExactly("FROM eclipse-temurin:25-jdk AS build", "FROM eclipse-temurin:25-jre");
        int runtime = lines.indexOf(froms.getLast());
        List<String> runtimeStage = lines.subList(runtime, lines.size());
        assertThat(runtimeStage).anyMatch(l -> l.matches("USER fqlab"));
        assertThat(runtimeStage).anyMatch(l -> l.startsWith("HEALTHCHECK "));
        assertThat(runtimeStage).anyMatch(l -> l.contains("MaxRAMPercentage"));
        assertThat(runtimeStage).noneMatch(l -> l.contains("COPY src") || l.contains("mvnw"));
    }

    @Test
    void promtoolAcceptsTheScrapeConfig() throws Exception {
        ExternalTool promtool = ExternalTool.require("promtool", "apt-get install prometheus");
        Path config = Dashboards.DEPLOY.resolve("prometheus/prometheus.yml");
        ExternalTool.Run run = promtool.run(Path.of("."), work.resolve("promtool.log"), Map.of(), 60,
                "check", "config", config.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains("SUCCESS");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyPanelUsesAProvisionedDataSource() throws Exception {
        List<Map<String, Object>> sources = (List<Map<String, Object>>) yaml(GRAFANA.resolve("provisioning/datasources/fqlab.yml"))
                .get("datasources");
        Map<String, String> typeByUid = new java.util.HashMap<>();
        sources.forEach(s -> typeByUid.put((String) s.get("uid"), (String) s.get("type")));
        assertThat(typeByUid).containsEntry(Dashboards.PROMETHEUS_UID, "prometheus")
                .containsEntry(Dashboards.POSTGRES_UID, "grafana-postgresql-datasource");

        Set<String> uids = new HashSet<>();
        try (var files = Files.list(Dashboards.DIR)) {
            for (Path file : files.toList()) {
                JsonNode dashboard = Api.JSON.readTree(Files.readString(file));
                assertThat(uids.add(dashboard.get("uid").asString())).as("unique uid " + file).isTrue();
                Set<Integer> ids = new HashSet<>();
                for (JsonNode panel : Dashboards.panels(dashboard)) {
                    String where = file.getFileName() + " '" + panel.path("title").asString() + "'";
                    assertThat(ids.add(panel.get("id").asInt())).as("unique id " + where).isTrue();
                    JsonNode grid = panel.get("gridPos");
                    assertThat(grid.get("x").asInt() + grid.get("w").asInt()).as(where).isLessThanOrEqualTo(24);
                    if (panel.path("type").asString().equals("row")) {
                        continue;
                    }
                    JsonNode source = panel.get("datasource");
                    assertThat(typeByUid).as(where).containsEntry(source.get("uid").asString(), source.get("type").asString());
                    assertThat(panel.path("targets")).as(where).isNotEmpty();
                    panel.path("targets").forEach(t -> assertThat(typeByUid)
                            .containsEntry(t.path("datasource").path("uid").asString(), t.path("datasource").path("type").asString()));
                }
            }
        }
        assertThat(uids).containsExactlyInAnyOrder("fqlab-service", "fqlab-experiments");
    }

    private static Map<String, Object> yaml(Path file) throws Exception {
        return new Yaml().load(Files.readString(file));
    }
}
