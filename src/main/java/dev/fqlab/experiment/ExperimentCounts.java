package dev.fqlab.experiment;

import dev.fqlab.config.FqlabProperties;
import dev.fqlab.metrics.ActiveExperiments;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Queued and running experiments counted in the shared database for the gauges, cached for
 * {@code fqlab.counts-cache-ttl} so that scrapes (and several instances) cost one small query every few seconds at most.
 */
@Component
public class ExperimentCounts implements ActiveExperiments {

    private static final Logger log = LoggerFactory.getLogger(ExperimentCounts.class);

    private final ExperimentRepository experiments;
    private final Clock clock;
    private final Duration ttl;
    private Map<ExperimentStatus, Long> counts = Map.of();
    private Instant countedAt = Instant.MIN;

    public ExperimentCounts(ExperimentRepository experiments, Clock clock, FqlabProperties properties) {
        this.experiments = experiments;
        this.clock = clock;
        this.ttl = properties.countsCacheTtl();
    }

    @Override
    public double queued() {
        return count(ExperimentStatus.QUEUED);
    }

    @Override
    public double running() {
        return count(ExperimentStatus.RUNNING);
    }

    /** The cached count, NaN while the database cannot be asked. */
    private synchronized double count(ExperimentStatus status) {
        Instant now = clock.instant();
        if (!now.isBefore(countedAt.plus(ttl))) {
            try {
                counts = experiments.countActive();
            } catch (DataAccessException e) {
                log.warn("Cannot count experiments for the gauges: {}", e.getMessage());
                counts = Map.of();
            }
            countedAt = now;
        }
        Long count = counts.get(status);
        return count == null ? Double.NaN : count;
    }
}
