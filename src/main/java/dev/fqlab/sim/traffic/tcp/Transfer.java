package dev.fqlab.sim.traffic.tcp;

/**
 * The application's data as TCP cuts it (RFC 9293 §3.7.1, segments of at most MSS payload; scenario.md {@code tcp}
 * {@code bytes}): a finite transfer, or bulk data that is always ready until the flow's stop time; segments are
 * numbered from 0.
 */
final class Transfer {
    private final int mss;
    private final long bytes;
    private final long segments;
    private final long stopNs;

    /** @param bytes null for bulk data */
    Transfer(int mss, Long bytes, long stopNs) {
        this.mss = mss;
        this.bytes = bytes == null ? Long.MAX_VALUE : bytes;
        this.segments = bytes == null ? Long.MAX_VALUE : (bytes + mss - 1) / mss;
        this.stopNs = stopNs;
    }

    int mss() {
        return mss;
    }

    /** Segments in the whole transfer ({@link Long#MAX_VALUE} for bulk data). */
    long segments() {
        return segments;
    }

    /** Payload bytes of segment {@code seq}: mss, or the rest for the last one. */
    int payload(long seq) {
        return (int) Math.min(mss, bytes - seq * mss);
    }

    /** Payload bytes of all segments before {@code segment}. */
    long bytesBefore(long segment) {
        return segment >= segments ? bytes : segment * mss;
    }

    /** Whether segment {@code seq} is new data the application has ready at {@code now}. */
    boolean ready(long seq, long now) {
        return seq < segments && now < stopNs;
    }

    /** Whether the application stopped giving data (a bulk flow at {@code stopS}). */
    boolean stopped(long now) {
        return now >= stopNs;
    }
}
