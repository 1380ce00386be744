package dev.fqlab.experiment;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** {@code fqlab.retention.*}: the age after which finished experiments go (none: keep forever), and how often to look. */
@ConfigurationProperties("fqlab.retention")
public record RetentionProperties(Duration maxAge,
        @DefaultValue("1h") Duration interval) {

    public RetentionProperties {
        if (maxAge != null && (maxAge.isNegative() || maxAge.isZero())) {
            throw new IllegalArgumentException("fqlab.retention.max-age must be positive, was " + maxAge);
        }
        if (interval.toSeconds() < 1) {
            throw new IllegalArgumentException("fqlab.retention.interval must be at least 1s, was " + interval);
        }
    }
}
