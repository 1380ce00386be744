package dev.fqlab.result;

import dev.fqlab.sim.stats.Numbers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a sweep's default table needs of one result besides its names, stored with its metrics (V20, issue 17): the
 * values of the metrics {@code GET /sweeps/{id}} shows by default ({@link #DEFAULT_METRICS}: a few dozen of a WiFi
 * result's hundreds) and a digest of every metric that is not the machine's ({@link #WALL_CLOCK}), which decides the
 * identical-repetitions warning exactly as comparing the values does. A first read of a 1 000-cell sweep then reads
 * about 300 bytes per cell instead of its 2.3 kB of metrics (which PostgreSQL also decompresses): about 25 ms of CPU
 * less per read, of 43.
 */
public final class ResultMetricView {

    /**
     * What {@code GET /sweeps/{id}} shows by default of each row: the metrics api.md names (every summary field, each
     * station's throughput and airtime share, each flow's goodput, latency and RTT p50 and p99), besides the sweep's
     * own {@code metrics}. A change here needs {@link #VERSION} raised: stored views follow the list of their build.
     */
    public static final List<String> DEFAULT_METRICS = List.of("summary.*", "stations.*.throughputMbps",
            "stations.*.airtimeShare", "flows.*.throughputMbps", "flows.*.latencyMs.p50", "flows.*.latencyMs.p99",
            "flows.*.rttMs.p50", "flows.*.rttMs.p99");

    /** Which {@link #DEFAULT_METRICS} a stored view holds: a view of another version is not used. */
    public static final short VERSION = 1;

    /** The engine fields that measure the machine, not the simulation: they differ between identical runs. */
    public static final Set<String> WALL_CLOCK = Set.of("engine.wallS", "engine.eventsPerS", "engine.speedup");

    private static final List<Predicate<String>> DEFAULTS = DEFAULT_METRICS.stream().map(ResultMetricView::glob).toList();

    private ResultMetricView() {
    }

    /** Whether {@code name} matches {@code entry}, where '*' matches anything ("flows.*.throughputMbps"). */
    public static Predicate<String> glob(String entry) {
        if (!entry.contains("*")) {
            return entry::equals;
        }
        Pattern pattern = Pattern.compile(Arrays.stream(entry.split("\\*", -1)).map(Pattern::quote)
                .collect(Collectors.joining(".*")));
        return name -> pattern.matcher(name).matches();
    }

    /** Whether {@code name} is one of {@link #DEFAULT_METRICS}. */
    public static boolean isDefault(String name) {
        for (Predicate<String> pattern : DEFAULTS) {
            if (pattern.test(name)) {
                return true;
            }
        }
        return false;
    }

    /** The positions in {@code names} of the default metrics, in order: what a view holds. */
    public static int[] positions(List<String> names) {
        int[] positions = new int[names.size()];
        int n = 0;
        for (int i = 0; i < names.size(); i++) {
            if (isDefault(names.get(i))) {
                positions[n++] = i;
            }
        }
        return Arrays.copyOf(positions, n);
    }

    /** The values at {@code positions}. */
    public static double[] project(double[] values, int[] positions) {
        double[] view = new double[positions.length];
        for (int i = 0; i < positions.length; i++) {
            view[i] = values[positions[i]];
        }
        return view;
    }

    /**
     * The SHA-256 of the metrics that are not {@link #WALL_CLOCK}, as a set: each name (UTF-8, then a 0 byte) with
     * {@code doubleToLongBits(Numbers.round6(value))}, in name order. Two results' digests are equal exactly when
     * every such metric is in both with values equal to 6 significant digits — the identical-repetitions test — for
     * {@code round6} folds -0.0 into 0.0 and keeps every other value's sign, so equal bits are equal values and equal
     * values (or values equal after rounding) give equal bits. Null when a value is NaN, which equals nothing, so
     * that a result holding one is never identical to another.
     */
    public static byte[] digest(List<String> names, double[] values) {
        List<Integer> order = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            if (!WALL_CLOCK.contains(names.get(i))) {
                if (Double.isNaN(values[i])) {
                    return null;
                }
                order.add(i);
            }
        }
        order.sort(Comparator.comparing(names::get));
        MessageDigest sha = sha256();
        ByteBuffer bits = ByteBuffer.allocate(Long.BYTES);
        for (int i : order) {
            sha.update(names.get(i).getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            bits.clear();
            bits.putLong(Double.doubleToLongBits(Numbers.round6(values[i])));
            sha.update(bits.array());
        }
        return sha.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
