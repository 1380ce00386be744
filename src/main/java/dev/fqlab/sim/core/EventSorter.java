package dev.fqlab.sim.core;

/**
 * Sorts {@link Event}s by (time, seq) on their keys copied into primitive arrays: a top-down merge sort
 * (Knuth, TAOCP vol. 3, §5.2.4) with insertion sort below {@value #INSERTION} elements, which skips a merge when
 * its halves are already in order, so input that is sorted or nearly so (a calendar re-filed in day order) costs
 * about one comparison per event. Why (issue 16): {@link CalendarQueue} sorted with a {@code Comparator} that read
 * both keys out of each compared event; moving 3000 send events from the heap to the calendar read cold events
 * some 35 000 times per run, 2 % of a 3000-flow run. Keys are unique ((time, seq) is a total order), so the result
 * is the one any correct sort gives. Reuses its arrays; not thread-safe (one per queue).
 */
final class EventSorter {
    private static final int INSERTION = 24;

    private long[] times = new long[0];
    private long[] seqs = new long[0];
    private Event[] events = new Event[0];
    private long[] spareTimes = new long[0];
    private long[] spareSeqs = new long[0];
    private Event[] spareEvents = new Event[0];

    /** Sorts {@code a[0, n)} in (time, seq) order. */
    void sort(Event[] a, int n) {
        if (times.length < n) {
            int capacity = Math.max(n, 2 * times.length);
            times = new long[capacity];
            seqs = new long[capacity];
            events = new Event[capacity];
            spareTimes = new long[capacity];
            spareSeqs = new long[capacity];
            spareEvents = new Event[capacity];
        }
        for (int i = 0; i < n; i++) {
            Event e = a[i];
            times[i] = e.time;
            seqs[i] = e.seq;
            events[i] = e;
        }
        sort(0, n);
        System.arraycopy(events, 0, a, 0, n);
        java.util.Arrays.fill(events, 0, n, null);
        java.util.Arrays.fill(spareEvents, 0, n, null);
    }

    /** Whether entry {@code i} precedes entry {@code j}. */
    private boolean before(int i, int j) {
        return times[i] < times[j] || (times[i] == times[j] && seqs[i] < seqs[j]);
    }

    private void sort(int lo, int hi) {
        if (hi - lo <= INSERTION) {
            insertion(lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        sort(lo, mid);
        sort(mid, hi);
        if (before(mid, mid - 1)) {
            merge(lo, mid, hi);
        }
    }

    private void insertion(int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            if (!before(i, i - 1)) {
                continue;
            }
            long t = times[i];
            long s = seqs[i];
            Event e = events[i];
            int j = i - 1;
            do {
                times[j + 1] = times[j];
                seqs[j + 1] = seqs[j];
                events[j + 1] = events[j];
                j--;
            } while (j >= lo && (t < times[j] || (t == times[j] && s < seqs[j])));
            times[j + 1] = t;
            seqs[j + 1] = s;
            events[j + 1] = e;
        }
    }

    /** Merges the sorted runs {@code [lo, mid)} and {@code [mid, hi)}, the first copied aside. */
    private void merge(int lo, int mid, int hi) {
        int n = mid - lo;
        System.arraycopy(times, lo, spareTimes, 0, n);
        System.arraycopy(seqs, lo, spareSeqs, 0, n);
        System.arraycopy(events, lo, spareEvents, 0, n);
        int i = 0;
        int j = mid;
        int k = lo;
        while (i < n && j < hi) {
            long ti = spareTimes[i];
            long tj = times[j];
            if (tj < ti || (tj == ti && seqs[j] < spareSeqs[i])) {
                times[k] = tj;
                seqs[k] = seqs[j];
                events[k++] = events[j++];
            } else {
                times[k] = ti;
                seqs[k] = spareSeqs[i];
                events[k++] = spareEvents[i++];
            }
        }
        if (i < n) {
            System.arraycopy(spareTimes, i, times, k, n - i);
            System.arraycopy(spareSeqs, i, seqs, k, n - i);
            System.arraycopy(spareEvents, i, events, k, n - i);
        }
    }
}
