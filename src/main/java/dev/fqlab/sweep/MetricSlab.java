package dev.fqlab.sweep;

import java.util.Arrays;
import java.util.UUID;

/**
 * Issue 17 (the first read of a 1000-cell sweep, p99): {@link ResultMetrics}' cache of results' metric values, kept
 * in a few large {@code double[]} chunks and primitive index arrays instead of an array, a map entry, an id and a
 * view per result. G1 copies every young object still referenced at a young pause. Before, each first read of a
 * 1000-cell sweep added 1000 arrays of ~2.3 kB (2.35 MB) to the cache, which the next young pause copied to a
 * survivor region and the one after into the old generation (JFR {@code jdk.PromoteObjectInNewPLAB}: 85 % of the
 * samples were these arrays; 12–48 MB copied per pause). With the values alone in large arrays, the ~100 bytes per
 * result of map entry, id and view (~4.5 MB per pause at 40 reads a pause) were still copied, up to 15 times each
 * (the tenuring threshold rose to 15 once the survivors were few), and the pauses were no shorter: copying many
 * small objects costs what copying a few large arrays did. So nothing here is allocated per cached result: the
 * values go into chunks of {@link #CHUNK_DOUBLES} doubles allocated once each, and the index is a fixed set of
 * primitive arrays (an open-addressing table with linear probing and backward-shift deletion, Knuth, TAOCP vol. 3,
 * 6.4 Algorithm R), also allocated once. A chunk is reused when the ring comes round to it, not replaced: an 8 MB
 * array is a humongous object for G1, and a new one every ~4 first reads started a concurrent marking cycle (with its
 * Remark pause) every few reads once the old generation stayed small.
 *
 * <p>The chunks form a ring: values are appended to the newest chunk; when it is full (or the index is) the oldest
 * chunk is emptied with every entry in it (first in, first out; the map before was least recently used) and
 * written again. So what the slab answers is a copy ({@link #get}: a new array per result, garbage when its read
 * ends) or the caller's own array ({@link #put}), never a view of a chunk. Thread-safe: every operation holds the
 * slab's lock.
 */
final class MetricSlab {

    /** 2^20 doubles, 8 MB: ~3 700 seed-000 results (283 metrics each) per chunk. */
    static final int CHUNK_DOUBLES = 1 << 20;
    /** Six chunks, 48 MB: ~22 000 seed-000 results, about the 20 000 results the cache kept before. */
    static final int CHUNKS = 6;
    /** At most this many results are cached, however few values each has (the index: ~3 MB). */
    static final int ENTRIES = 1 << 16;

    private final int chunkDoubles;
    private final double[][] chunks;
    /** Per chunk, the sequence numbers of its entries: from {@code firstSeq} (inclusive) to {@code endSeq}. */
    private final long[] firstSeq;
    private final long[] endSeq;
    /** The chunk values are appended to, and how much of it is filled. */
    private int current;
    private int fill;

    /** Entry {@code seq} lives at slot {@code seq % entries}; the live ones are {@code oldestSeq} to {@code nextSeq}. */
    private final int entries;
    private long oldestSeq;
    private long nextSeq;
    private final long[] idHigh;
    private final long[] idLow;
    private final int[] chunkOf;
    private final int[] offset;
    private final int[] length;
    private final MetricValues.Shape[] shape;
    private final long[] seed;
    private final boolean[] hasSeed;
    /** Open addressing: slot + 1 of the entry, 0 for none; at least twice as many places as entries. */
    private final int[] table;

    MetricSlab() {
        this(CHUNK_DOUBLES, CHUNKS, ENTRIES);
    }

    MetricSlab(int chunkDoubles, int chunks, int entries) {
        if (chunkDoubles < 1 || chunks < 1 || entries < 1) {
            throw new IllegalArgumentException("chunks of at least one double, at least one chunk and one entry");
        }
        this.chunkDoubles = chunkDoubles;
        this.chunks = new double[chunks][];
        this.firstSeq = new long[chunks];
        this.endSeq = new long[chunks];
        this.current = chunks - 1;
        this.fill = chunkDoubles; // the first put starts chunk 0
        this.entries = entries;
        this.idHigh = new long[entries];
        this.idLow = new long[entries];
        this.chunkOf = new int[entries];
        this.offset = new int[entries];
        this.length = new int[entries];
        this.shape = new MetricValues.Shape[entries];
        this.seed = new long[entries];
        this.hasSeed = new boolean[entries];
        this.table = new int[Integer.highestOneBit(entries) << 2];
    }

    /** A copy of the cached values of {@code id}, or null. */
    synchronized MetricValues get(UUID id) {
        int place = find(id.getMostSignificantBits(), id.getLeastSignificantBits());
        return table[place] == 0 ? null : copy(table[place] - 1);
    }

    /** Whether {@code id} is cached (no copy made). */
    synchronized boolean contains(UUID id) {
        return table[find(id.getMostSignificantBits(), id.getLeastSignificantBits())] != 0;
    }

    /**
     * Caches a copy of {@code values} for {@code id} and answers {@code values} themselves (the caller leaves them as
     * they are); when {@code id} is cached already, a copy of that (results never change). A result with more values
     * than a chunk holds is not cached.
     */
    synchronized MetricValues put(UUID id, MetricValues.Shape names, double[] values, Long resultSeed) {
        long high = id.getMostSignificantBits();
        long low = id.getLeastSignificantBits();
        int place = find(high, low);
        if (table[place] != 0) {
            return copy(table[place] - 1);
        }
        MetricValues answer = new MetricValues(names, values, resultSeed);
        int n = values.length;
        if (n > chunkDoubles) {
            return answer;
        }
        boolean moved = false;
        while (chunks[current] == null || fill + n > chunkDoubles || nextSeq - oldestSeq == entries) {
            next();
            moved = true;
        }
        if (moved) {
            place = find(high, low); // entries left the table: the free place may have moved
        }
        System.arraycopy(values, 0, chunks[current], fill, n);
        int slot = (int) (nextSeq % entries);
        idHigh[slot] = high;
        idLow[slot] = low;
        chunkOf[slot] = current;
        offset[slot] = fill;
        length[slot] = n;
        shape[slot] = names;
        seed[slot] = resultSeed == null ? 0 : resultSeed;
        hasSeed[slot] = resultSeed != null;
        table[place] = slot + 1;
        nextSeq++;
        endSeq[current] = nextSeq;
        fill += n;
        return answer;
    }

    /** How many results are cached. */
    synchronized int size() {
        return (int) (nextSeq - oldestSeq);
    }

    private MetricValues copy(int slot) {
        return new MetricValues(shape[slot], Arrays.copyOfRange(chunks[chunkOf[slot]], offset[slot],
                offset[slot] + length[slot]), hasSeed[slot] ? seed[slot] : null);
    }

    /** Moves on to the oldest chunk: its entries leave the cache, and it is written again from its start. */
    private void next() {
        current = (current + 1) % chunks.length;
        if (chunks[current] == null) {
            chunks[current] = new double[chunkDoubles];
        } else {
            for (long s = firstSeq[current]; s < endSeq[current]; s++) {
                remove((int) (s % entries));
            }
            oldestSeq = Math.max(oldestSeq, endSeq[current]);
        }
        firstSeq[current] = nextSeq;
        endSeq[current] = nextSeq;
        fill = 0;
    }

    /**
     * The place of this id in the table, or the empty place where it would go. The table has at least twice as many
     * places as entries, so a probe always meets an empty place; should an entry ever be left behind (a bug), the
     * probe fails instead of spinning a request thread forever.
     */
    private int find(long high, long low) {
        int mask = table.length - 1;
        int place = hash(high, low) & mask;
        for (int probes = 0; table[place] != 0; probes++) {
            if (probes == table.length) {
                throw new IllegalStateException("MetricSlab: index full; an evicted entry was left in it");
            }
            int slot = table[place] - 1;
            if (idHigh[slot] == high && idLow[slot] == low) {
                return place;
            }
            place = (place + 1) & mask;
        }
        return place;
    }

    /** Takes the entry at {@code slot} out of the table, moving later entries of its run back (Algorithm R). */
    private void remove(int slot) {
        int mask = table.length - 1;
        int place = find(idHigh[slot], idLow[slot]);
        shape[slot] = null;
        if (table[place] == 0) {
            return; // not reached: every live entry is in the table
        }
        table[place] = 0;
        int hole = place;
        int next = (place + 1) & mask;
        while (table[next] != 0) {
            int other = table[next] - 1;
            int home = hash(idHigh[other], idLow[other]) & mask;
            // Move it into the hole unless its home lies cyclically in (hole, next].
            boolean stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
            if (!stays) {
                table[hole] = table[next];
                table[next] = 0;
                hole = next;
            }
            next = (next + 1) & mask;
        }
    }

    private static int hash(long high, long low) {
        long h = (high ^ Long.rotateLeft(low, 32)) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
