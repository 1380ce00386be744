package dev.fqlab.sim.packet;

/**
 * The stack's flow hash (skb_get_hash): Jenkins' jhash over the 5-tuple, perturbed by a per-boot random
 * value (Linux's {@code hashrnd}), here drawn from the scenario seed. Queues map it to a bucket with
 * {@link #bucket} ({@code reciprocal_scale}), kernel-spec §2.1.
 */
public final class FlowHash {
    private static final int JHASH_INITVAL = 0xdeadbeef;

    private FlowHash() {
    }

    /**
     * Hash of an IPv4 5-tuple.
     *
     * @param perturbation the seeded {@code hashrnd}
     */
    public static int of(int srcAddr, int dstAddr, int srcPort, int dstPort, int protocol, int perturbation) {
        int ports = (srcPort << 16) | (dstPort & 0xffff);
        int h = jhash3(srcAddr, dstAddr, ports, perturbation ^ protocol);
        return h == 0 ? 1 : h; // Linux never uses 0: it means "no hash computed"
    }

    /** {@code reciprocal_scale(hash, buckets)}: {@code (hash × buckets) >> 32} with the hash unsigned. */
    public static int bucket(int hash, int buckets) {
        return (int) (((hash & 0xFFFFFFFFL) * buckets) >>> 32);
    }

    /** Linux {@code jhash_3words}: lookup3's final mix over three words. */
    static int jhash3(int a, int b, int c, int initval) {
        int iv = initval + JHASH_INITVAL + (3 << 2);
        a += iv;
        b += iv;
        c += iv;
        c ^= b;
        c -= Integer.rotateLeft(b, 14);
        a ^= c;
        a -= Integer.rotateLeft(c, 11);
        b ^= a;
        b -= Integer.rotateLeft(a, 25);
        c ^= b;
        c -= Integer.rotateLeft(b, 16);
        a ^= c;
        a -= Integer.rotateLeft(c, 4);
        b ^= a;
        b -= Integer.rotateLeft(a, 14);
        c ^= b;
        c -= Integer.rotateLeft(b, 24);
        return c;
    }
}
