package dev.fqlab.config;

import dev.fqlab.scenario.ScenarioLimits;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The service's own settings (api.md Configuration), bound from {@code fqlab.*} and so from environment
 * variables such as {@code FQLAB_WORKERS}. {@code workers} and {@code instanceName} default to values of the
 * machine (see {@link MachineDefaults}); everything else has its default here. Invalid values stop startup.
 *
 * @param workers simulations run in parallel on this instance (the db-scheduler thread count)
 * @param queueCapacity waiting (QUEUED) experiments accepted before POST answers 429
 * @param apiToken when set, every /api/** call needs {@code Authorization: Bearer <token>}
 * @param instanceName names this instance in {@code worker} and as the db-scheduler scheduler name
 * @param progressInterval how often a running simulation writes its progress (and learns of a remote cancel)
 * @param countsCacheTtl how often a background thread counts the queued/running experiments for the gauges (a
 *                       scrape never waits for the database; it shows the last count and its age)
 * @param yieldToRequests whether running simulations pause (up to 2 ms at a time) while this instance answers HTTP
 *                        requests, so that answers stay fast when every worker is busy
 * @param countsTimeout the longest the background count's query may run before it gives up (the wait for a
 *                      connection is the pool's, {@code spring.datasource.hikari.connection-timeout})
 * @param resultStoreRetry how long a finished run keeps trying to store its result while the database is unavailable;
 *                         after that it leaves the experiment to run again
 * @param sweepAnswerCache how many bytes of settled sweeps' rendered tables (JSON and table.csv) this instance keeps
 *                         to answer again without reading and computing them (0: none); not the default answers,
 *                         which are stored in the database (sweep_answers)
 * @param sweepAnswersOnStart whether, after start-up, a background thread stores the default answers of every settled
 *                            sweep that has none from this build (settled before it was deployed), newest first, so
 *                            that no reader waits for their first render
 */
@ConfigurationProperties("fqlab")
public record FqlabProperties(
        int workers,
        @DefaultValue("10000") int queueCapacity,
        String apiToken,
        String instanceName,
        @DefaultValue Limits limits,
        @DefaultValue("300ms") Duration progressInterval,
        @DefaultValue("5s") Duration countsCacheTtl,
        @DefaultValue("true") boolean yieldToRequests,
        @DefaultValue("1s") Duration countsTimeout,
        @DefaultValue("10m") Duration resultStoreRetry,
        @DefaultValue("64MB") DataSize sweepAnswerCache,
        @DefaultValue("true") boolean sweepAnswersOnStart) {

    public FqlabProperties {
        require(workers >= 1, "fqlab.workers must be at least 1, was " + workers);
        require(queueCapacity >= 1, "fqlab.queue-capacity must be at least 1, was " + queueCapacity);
        require(instanceName != null && !instanceName.isBlank() && instanceName.length() <= 200,
                "fqlab.instance-name must be 1 to 200 characters");
        require(!progressInterval.isNegative() && !progressInterval.isZero(), "fqlab.progress-interval must be positive");
        require(countsCacheTtl.toMillis() >= 10, "fqlab.counts-cache-ttl must be at least 10ms");
        require(countsTimeout.toSeconds() >= 1, "fqlab.counts-timeout must be at least 1s (JDBC query timeouts are whole seconds)");
        require(!resultStoreRetry.isNegative(), "fqlab.result-store-retry must not be negative");
        require(!sweepAnswerCache.isNegative(), "fqlab.sweep-answer-cache must not be negative");
        if (apiToken != null && apiToken.isBlank()) {
            apiToken = null;
        }
    }

    /**
     * Service limits on one request.
     *
     * @param maxDurationS longest simulated time of one scenario
     * @param maxRequestBytes largest accepted request body (413 beyond)
     */
    public record Limits(
            @DefaultValue("600") double maxDurationS,
            @DefaultValue("128") int maxStations,
            @DefaultValue("4096") int maxFlows,
            @DefaultValue("1MB") DataSize maxRequestBytes,
            @DefaultValue("1000") int maxSweepSize) {

        public Limits {
            require(maxDurationS > 0, "fqlab.limits.max-duration-s must be positive");
            require(maxStations >= 1, "fqlab.limits.max-stations must be at least 1");
            require(maxFlows >= 1, "fqlab.limits.max-flows must be at least 1");
            require(maxRequestBytes.toBytes() >= 1024, "fqlab.limits.max-request-bytes must be at least 1KB");
            require(maxSweepSize >= 1, "fqlab.limits.max-sweep-size must be at least 1");
        }

        /** The scenario parser's view of these limits. */
        public ScenarioLimits scenarioLimits() {
            return new ScenarioLimits(maxDurationS, maxStations, maxFlows);
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
