package dev.fqlab.render.plot;

import java.util.Arrays;
import java.util.Optional;

/** The plots of one experiment (api.md {@code /plots/{name}.svg}), by the name in their URL. */
public enum PlotKind {
    THROUGHPUT("throughput", "Throughput per flow over time"),
    LATENCY_CDF("latency-cdf", "Latency CDF per flow"),
    AIRTIME("airtime", "Airtime per station over time"),
    BACKLOG("backlog", "Queue backlog and drops over time"),
    TCP("tcp", "TCP congestion window and RTT over time");

    private final String slug;
    private final String title;

    PlotKind(String slug, String title) {
        this.slug = slug;
        this.title = title;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public static Optional<PlotKind> bySlug(String slug) {
        return Arrays.stream(values()).filter(kind -> kind.slug.equals(slug)).findFirst();
    }
}
