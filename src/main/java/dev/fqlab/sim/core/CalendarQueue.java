package dev.fqlab.sim.core;

import java.util.Arrays;

/**
 * Calendar queue of {@link Event}s ordered by (time, seq) (R. Brown, "Calendar queues: a fast O(1) priority queue
 * implementation for the simulation event set problem", CACM 31(10), 1988). Time is cut into days of
 * {@code 2^shift} ns; day {@code d} lives in bucket {@code d mod buckets} (a year of {@code buckets} days), each
 * bucket a doubly linked list of its events sorted by (time, seq), and a bitmap marks the buckets that hold any.
 * Since (time, seq) is a total order, it fires exactly the sequence any correct priority queue fires.
 *
 * <p>Why (issue 16): with hundreds or thousands of pending events (a send event per flow) every periodic send
 * moved through a heap's levels, a cache miss and a mispredicted compare per level. Here a send rescheduled one
 * period ahead goes to its day's bucket, behind the events of earlier times there (its sequence number is the
 * largest, so it follows those of its own time), and the next event is the head of the current day's bucket: O(1)
 * while the days hold a few events each and the year covers how far ahead events are scheduled. Both follow the
 * run ({@link #observe}, {@link #tune}): the day is the power of two at or below a quarter of the mean time between
 * fired events (smoothed; finer than Brown's three times the mean, because sources fire in clusters — 128 jittered
 * floods send within the same millisecond of each period — and the bitmap makes empty days cheap to skip), and the
 * year doubles while more than one event in sixteen is scheduled beyond it, within 2 to 16 buckets per event.
 * Re-filing sorts the events and appends them in order, so it changes no order. When a whole year holds nothing
 * due, the next event is found by a direct search over the buckets' heads.
 */
final class CalendarQueue {
    static final int MIN_BUCKETS = 16;
    private static final int MAX_BUCKETS = 1 << 20;
    /** Buckets per event at most, when the year grows to cover how far ahead events are scheduled. */
    private static final int MAX_BUCKETS_PER_EVENT = 16;
    /** The day starts at 2^16 ns (65.5 µs) until the first {@link #observe}. */
    static final int INITIAL_SHIFT = 16;
    private static final int MAX_SHIFT = 50;
    /** The day is the power of two at or below the mean time between fired events, divided by 2^FINER. */
    private static final int FINER = 2;

    private Event[] heads;
    private Event[] tails;
    /** Bit {@code b} set while bucket {@code b} holds an event. */
    private long[] occupied;
    private int mask;
    private int shift;
    /** The current day: no queued event lies in an earlier one. */
    private long cur;
    private int size;
    /** The clock at the previous {@link #observe}. */
    private long observedAt;
    /** log2 of the mean time between fired events, smoothed; NaN before the first {@link #observe}. */
    private double logSeparation = Double.NaN;
    /** Since the previous {@link #tune}: events filed, and those filed a year or more ahead of the current day. */
    private int filed;
    private int filedBeyondYear;
    private Event[] scratch = new Event[0];
    private final EventSorter sorter = new EventSorter();

    CalendarQueue() {
        this(MIN_BUCKETS, INITIAL_SHIFT);
    }

    CalendarQueue(int buckets, int shift) {
        check(buckets, shift);
        allocate(buckets);
        this.shift = shift;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    int buckets() {
        return mask + 1;
    }

    int shift() {
        return shift;
    }

    /** The first event in (time, seq) order; the queue must not be empty. */
    Event peek() {
        Event h = heads[(int) cur & mask];
        if (h != null && (h.time >> shift) == cur) {
            return h;
        }
        return advance();
    }

    /**
     * Moves the current day forward to the next day whose bucket's head belongs to it, over the occupied buckets
     * of one year, or else searches the heads directly.
     */
    private Event advance() {
        int start = (int) cur & mask;
        for (int k = nextOccupied(1); k >= 0; k = nextOccupied(k + 1)) {
            long day = cur + k;
            Event h = heads[(start + k) & mask];
            if ((h.time >> shift) == day) {
                cur = day;
                return h;
            }
        }
        Event min = null;
        for (int b = scan(0, mask + 1); b >= 0; b = scan(b + 1, mask + 1)) {
            Event h = heads[b];
            if (min == null || before(h, min)) {
                min = h;
            }
        }
        cur = min.time >> shift;
        return min;
    }

    /**
     * The least {@code k} in {@code [from, buckets]} such that the bucket {@code k} days after the current one is
     * occupied, or -1 ({@code k = buckets} is the current day's bucket again, a year on).
     */
    private int nextOccupied(int from) {
        int n = mask + 1;
        int start = (int) cur & mask;
        int first = start + from;
        if (first < n) {
            int b = scan(first, n);
            if (b >= 0) {
                return b - start;
            }
            first = n;
        }
        int b = scan(first - n, start + 1);
        return b < 0 ? -1 : b + n - start;
    }

    /** The first set bit in {@code [from, to)}, or -1. */
    private int scan(int from, int to) {
        if (from >= to) {
            return -1;
        }
        int w = from >>> 6;
        long word = occupied[w] & (-1L << from);
        int lastWord = (to - 1) >>> 6;
        while (true) {
            if (word != 0) {
                int b = (w << 6) + Long.numberOfTrailingZeros(word);
                return b < to ? b : -1;
            }
            if (++w > lastWord) {
                return -1;
            }
            word = occupied[w];
        }
    }

    /**
     * Whether {@code self} is the first event and every other is scheduled later than {@code time}, which is not
     * earlier than the first's: the question a firing event asks before going on in place, with one {@link #peek}.
     * Those at or before {@code time} lie in the days from the current one to {@code time}'s: the current day's others
     * follow the first in its bucket, and a later day's events within the year head theirs.
     */
    boolean firstAlone(Event self, long time) {
        return size != 0 && peek() == self && othersAfter(self, time);
    }

    /** The first event, or null when the queue is empty. */
    Event first() {
        return size == 0 ? null : peek();
    }

    private boolean othersAfter(Event top, long time) {
        Event next = top.next;
        if (next != null && next.time <= time) {
            return false;
        }
        long last = time >> shift;
        if (last == cur) {
            return true;
        }
        if (last - cur > mask) {
            for (int b = scan(0, mask + 1); b >= 0; b = scan(b + 1, mask + 1)) {
                Event h = heads[b];
                if (h != top && h.time <= time) {
                    return false;
                }
            }
            return true;
        }
        int start = (int) cur & mask;
        for (int k = nextOccupied(1); k >= 0 && k <= last - cur; k = nextOccupied(k + 1)) {
            if (heads[(start + k) & mask].time <= time) {
                return false;
            }
        }
        return true;
    }

    void add(Event e) {
        long day = e.time >> shift;
        if (size == 0 || day < cur) {
            cur = day;
        }
        link(e, day);
        if (++size > mask + 1 && mask + 1 < MAX_BUCKETS) {
            rebuild(2 * (mask + 1), shift);
        }
    }

    Event poll() {
        Event top = peek();
        remove(top);
        return top;
    }

    /** Re-positions {@code e}, already queued, after its (time, seq) changed. */
    void changed(Event e) {
        unlink(e);
        long day = e.time >> shift;
        if (size == 1 || day < cur) {
            cur = day;
        }
        link(e, day);
    }

    void remove(Event e) {
        unlink(e);
        e.slot = -1;
        size--;
    }

    /**
     * Takes in the {@code fired} events since the previous call (the clock then and {@code now}): their mean
     * separation, smoothed over calls, sets the day {@link #tune} wants.
     */
    void observe(long now, int fired) {
        long span = now - observedAt;
        observedAt = now;
        if (fired <= 0 || span < 0) {
            return;
        }
        double logSep = span < fired ? 0 : Math.log((double) span / fired) / Math.log(2);
        logSeparation = Double.isNaN(logSeparation) ? logSep : 0.75 * logSeparation + 0.25 * logSep;
    }

    /** The day {@link #observe} wants: the power of two at or below the mean separation, 2^FINER times finer. */
    int wantedShift() {
        if (Double.isNaN(logSeparation)) {
            return shift;
        }
        return Math.min(MAX_SHIFT, Math.max(0, (int) Math.floor(logSeparation) - FINER));
    }

    /**
     * Retunes to what was observed: the day when the wanted one is two powers of two away (the year's length
     * kept), the year doubled when more than one in sixteen of the events filed since the previous call lay a year
     * or more ahead; between twice the events (at least 16) and 16 times the events (at most 2^20) buckets.
     */
    void tune() {
        int beyond = filedBeyondYear;
        int all = filed;
        filed = 0;
        filedBeyondYear = 0;
        int want = wantedShift();
        int newShift = Math.abs(want - shift) >= 2 ? want : shift;
        long buckets = mask + 1;
        if (newShift != shift) {
            buckets = newShift < shift ? buckets << (shift - newShift) : buckets >> (newShift - shift);
        }
        if (beyond > all / 16) {
            buckets *= 2;
        }
        buckets = Math.max(leastBuckets(size), Math.min(mostBuckets(size), buckets));
        if (newShift != shift || buckets != mask + 1) {
            rebuild((int) buckets, newShift);
        }
    }

    private static long leastBuckets(int size) {
        return Math.max(MIN_BUCKETS, Long.highestOneBit(Math.max(1, size)) * 2L);
    }

    private static long mostBuckets(int size) {
        return Math.min(MAX_BUCKETS, Long.highestOneBit((long) MAX_BUCKETS_PER_EVENT * Math.max(MIN_BUCKETS, size)));
    }

    /**
     * Takes {@code n} events (not queued, in any order) from {@code in} into this empty queue, with the day
     * {@link #observe} wants and 1024 buckets (or what the bounds of {@link #tune} ask).
     */
    void load(Event[] in, int n) {
        if (size != 0) {
            throw new IllegalStateException("not empty");
        }
        int newShift = wantedShift();
        long buckets = Math.max(leastBuckets(n), Math.min(mostBuckets(n), 1024));
        ensureScratch(n);
        System.arraycopy(in, 0, scratch, 0, n);
        size = n;
        file(n, (int) buckets, newShift);
        filed = 0;
        filedBeyondYear = 0;
    }

    /** Moves every event into {@code out} (in no order), leaving the queue empty; returns how many. */
    int drainTo(Event[] out) {
        int n = 0;
        for (int b = scan(0, mask + 1); b >= 0; b = scan(b + 1, mask + 1)) {
            Event e = heads[b];
            while (e != null) {
                Event next = e.next;
                e.prev = null;
                e.next = null;
                e.slot = -1;
                out[n++] = e;
                e = next;
            }
            heads[b] = null;
            tails[b] = null;
        }
        Arrays.fill(occupied, 0);
        size = 0;
        return n;
    }

    /** Re-files every event under {@code buckets} and {@code shift}, in (time, seq) order. */
    void rebuild(int buckets, int newShift) {
        check(buckets, newShift);
        ensureScratch(size);
        // from the current day's bucket on, a year round: the days in order, so the events are nearly sorted
        // (only those a year or more ahead, at the ends of their buckets' lists, are out of place)
        int n = 0;
        int start = (int) cur & mask;
        for (int b = scan(start, mask + 1); b >= 0; b = scan(b + 1, mask + 1)) {
            for (Event e = heads[b]; e != null; e = e.next) {
                scratch[n++] = e;
            }
        }
        for (int b = scan(0, start); b >= 0; b = scan(b + 1, start)) {
            for (Event e = heads[b]; e != null; e = e.next) {
                scratch[n++] = e;
            }
        }
        file(n, buckets, newShift);
    }

    private void ensureScratch(int n) {
        if (scratch.length < n) {
            scratch = new Event[Math.max(n, 2 * scratch.length)];
        }
    }

    /** Sorts the first {@code n} events of the scratch array and files them in order under the new geometry. */
    private void file(int n, int buckets, int newShift) {
        check(buckets, newShift);
        sorter.sort(scratch, n);
        if (buckets == mask + 1) {
            Arrays.fill(heads, null);
            Arrays.fill(tails, null);
            Arrays.fill(occupied, 0);
        } else {
            allocate(buckets);
        }
        shift = newShift;
        cur = n == 0 ? 0 : scratch[0].time >> shift;
        for (int i = 0; i < n; i++) {
            Event e = scratch[i];
            scratch[i] = null;
            link(e, e.time >> shift);
        }
    }

    private void allocate(int buckets) {
        heads = new Event[buckets];
        tails = new Event[buckets];
        occupied = new long[(buckets + 63) >>> 6];
        mask = buckets - 1;
    }

    private static void check(int buckets, int shift) {
        if (Integer.bitCount(buckets) != 1 || buckets > MAX_BUCKETS || shift < 0 || shift > MAX_SHIFT) {
            throw new IllegalArgumentException("buckets " + buckets + ", shift " + shift);
        }
    }

    /**
     * Files {@code e} in day {@code day}'s bucket after every event that precedes it: at the tail or the head when it
     * goes there, else walking from the tail.
     */
    private void link(Event e, long day) {
        filed++;
        if (day - cur > mask) {
            filedBeyondYear++;
        }
        int b = (int) day & mask;
        e.slot = b;
        Event t = tails[b];
        if (t == null) {
            e.prev = null;
            e.next = null;
            heads[b] = e;
            tails[b] = e;
            occupied[b >>> 6] |= 1L << b;
            return;
        }
        if (!before(e, t)) {
            e.prev = t;
            e.next = null;
            t.next = e;
            tails[b] = e;
            return;
        }
        Event h = heads[b];
        if (before(e, h)) {
            // a day of this year in a bucket that holds only later years' events (the year is shorter than how
            // far ahead some sources schedule): it goes first, without walking past them
            e.prev = null;
            e.next = h;
            h.prev = e;
            heads[b] = e;
            return;
        }
        Event p = t.prev;
        while (p != null && before(e, p)) {
            p = p.prev;
        }
        Event n = p == null ? heads[b] : p.next;
        e.prev = p;
        e.next = n;
        n.prev = e;
        if (p == null) {
            heads[b] = e;
        } else {
            p.next = e;
        }
    }

    private void unlink(Event e) {
        int b = e.slot;
        Event p = e.prev;
        Event n = e.next;
        if (p == null) {
            heads[b] = n;
            if (n == null) {
                occupied[b >>> 6] &= ~(1L << b);
            }
        } else {
            p.next = n;
        }
        if (n == null) {
            tails[b] = p;
        } else {
            n.prev = p;
        }
        e.prev = null;
        e.next = null;
    }

    private static boolean before(Event a, Event b) {
        return a.time < b.time || (a.time == b.time && a.seq < b.seq);
    }
}
