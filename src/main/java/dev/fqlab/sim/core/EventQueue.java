package dev.fqlab.sim.core;

import java.util.Arrays;

/**
 * Indexed binary min-heap of {@link Event}s ordered by (time, seq). The sequence number is the order in which
 * events were scheduled, so simultaneous events always run in the same order. Each event knows its heap slot,
 * which makes cancel and reschedule O(log n) without searching.
 */
final class EventQueue {
    private Event[] heap = new Event[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    Event peek() {
        return heap[0];
    }

    /** Whether every event but the one at the top is scheduled later than {@code time}. */
    boolean othersAfter(long time) {
        return (size < 2 || heap[1].time > time) && (size < 3 || heap[2].time > time);
    }

    void add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        siftUp(size++, e);
    }

    Event poll() {
        Event top = heap[0];
        remove(top);
        return top;
    }

    /** Re-positions {@code e}, already in the heap, after its (time, seq) changed: one sift instead of two. */
    void changed(Event e) {
        int i = e.heapIndex;
        siftDown(i, e);
        if (heap[i] == e) {
            siftUp(i, e);
        }
    }

    void remove(Event e) {
        int i = e.heapIndex;
        Event last = heap[--size];
        heap[size] = null;
        e.heapIndex = -1;
        if (i == size) {
            return;
        }
        siftDown(i, last);
        if (heap[i] == last) {
            siftUp(i, last);
        }
    }

    private static boolean less(Event a, Event b) {
        return a.time < b.time || (a.time == b.time && a.seq < b.seq);
    }

    private void siftUp(int i, Event e) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!less(e, p)) {
                break;
            }
            heap[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = e;
        e.heapIndex = i;
    }

    private void siftDown(int i, Event e) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Event c = heap[child];
            int right = child + 1;
            if (right < size && less(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!less(c, e)) {
                break;
            }
            heap[i] = c;
            c.heapIndex = i;
            i = child;
        }
        heap[i] = e;
        e.heapIndex = i;
    }
}
