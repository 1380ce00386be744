package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.phy.Edca;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The medium's timing against IEEE 802.11-2016, with saturated stand-in devices whose PPDUs last 252 µs (an 802.11a
 * 54 Mbit/s frame of 1538 bytes) and whose responses last 28 µs (an Ack at 24 Mbit/s). Backoff is random, so each
 * check is on the slot grid: after a busy period the next transmission of a device starts a whole number of 9 µs
 * slots after the moment its AIFS (43 µs for BE) began:
 * <ul>
 *   <li>after a success, at the end of the Ack;</li>
 *   <li>after a collision or an exchange whose MPDU was lost, for the device(s) that transmitted: AckTimeout =
 *       16 + 9 + 25 = 50 µs after their PPDU (10.3.2.9);</li>
 *   <li>for everyone else: EIFS − DIFS = 16 + 44 + 34 − 34 = 60 µs after the PPDU they could not decode
 *       (10.3.2.3.7, 10.22.2.4).</li>
 * </ul>
 */
class MediumTest {
    private static final long US = 1_000;
    private static final long PPDU = 252 * US;
    private static final long ACK = 28 * US;
    private static final long SLOT = 9 * US;
    private static final long AIFS_BE = 43 * US;

    private record Start(Device device, long at) {
    }

    private record End(Device device, long at, boolean collided, boolean ok, long airtime) {
    }

    /**
     * A saturated device with one MPDU per PPDU; {@code delivers} says whether the peer receives it, or, when false,
     * every second one (the first is lost; the contention window returns to CWmin after each delivery).
     */
    private static class Device implements Medium.Transmitter {
        final String name;
        final int psduBytes;
        final boolean delivers;
        final List<Object> log;
        final Ppdu ppdu = new Ppdu(1);
        int attempts;

        Device(String name, int psduBytes, boolean delivers, List<Object> log) {
            this.name = name;
            this.psduBytes = psduBytes;
            this.delivers = delivers;
            this.log = log;
        }

        @Override
        public boolean hasFrames(int ac) {
            return true;
        }

        @Override
        public Ppdu startTxop(int ac, long now) {
            log.add(new Start(this, now));
            return fill(ac);
        }

        Ppdu fill(int ac) {
            ppdu.reset(0, 0, ac, false);
            ppdu.add(null, psduBytes);
            ppdu.ppduNs = PPDU;
            ppdu.responseNs = ACK;
            ppdu.rtsNs = 28 * US;       // RTS at 24 Mbit/s
            ppdu.rtsCtsNs = 88 * US;    // RTS + SIFS + CTS + SIFS
            return ppdu;
        }

        @Override
        public boolean receive(int ac, Ppdu p) {
            boolean ok = delivers || attempts++ % 2 == 1;
            p.received(0, ok);
            return ok;
        }

        @Override
        public boolean endTxop(int ac, Ppdu p, boolean collided, long now) {
            boolean ok = !collided && p.received(0);
            log.add(new End(this, now, collided, ok, p.airtimeNs));
            return ok;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Medium run(List<Device> devices, Integer rtsThreshold, long durationNs) {
        Simulator sim = new Simulator();
        Medium medium = new Medium(sim, RandomStream.of(7, "medium"), rtsThreshold);
        List<Medium.Contender> contenders = new ArrayList<>();
        for (Device d : devices) {
            contenders.add(medium.contender(d, AccessCategory.BE));
        }
        for (Medium.Contender c : contenders) {
            medium.wake(c, 0);
        }
        sim.run(durationNs, RunControl.NONE);
        return medium;
    }

    /** Checks every busy period of the log; returns how many of each kind were seen. */
    private static int[] checkGrid(List<Object> log, long rtsOrPpdu, long successAirtime) {
        int collisions = 0;
        int lost = 0;
        int successes = 0;
        int collidersFirst = 0;
        int listenersFirst = 0;
        int i = 0;
        while (i < log.size() && log.get(i) instanceof Start) {
            // the starts of one busy period
            long start = ((Start) log.get(i)).at();
            List<Device> senders = new ArrayList<>();
            while (i < log.size() && log.get(i) instanceof Start s && s.at() == start) {
                senders.add(s.device());
                i++;
            }
            List<End> ends = new ArrayList<>();
            while (i < log.size() && log.get(i) instanceof End e) {
                ends.add(e);
                i++;
            }
            if (ends.size() < senders.size() || i >= log.size()) {
                break; // the run ended inside this busy period
            }
            long idle = ends.getFirst().at();
            Start next = (Start) log.get(i);
            boolean errored;
            if (senders.size() > 1) {
                collisions++;
                errored = true;
                for (End e : ends) {
                    assertThat(e.collided()).isTrue();
                    assertThat(e.airtime()).isEqualTo(rtsOrPpdu);
                    assertThat(e.at()).isEqualTo(start + rtsOrPpdu);
                }
            } else if (!ends.getFirst().ok()) {
                lost++;
                errored = true;
                assertThat(ends.getFirst().airtime()).isEqualTo(successAirtime - 16 * US - ACK);
                assertThat(idle).isEqualTo(start + successAirtime - 16 * US - ACK);
            } else {
                successes++;
                errored = false;
                assertThat(ends.getFirst().airtime()).isEqualTo(successAirtime);
                assertThat(idle).isEqualTo(start + successAirtime);
            }
            long resume;
            if (!errored) {
                resume = idle;
            } else if (senders.contains(next.device())) {
                resume = idle + 50 * US;  // AckTimeout after its own frame (all frames end together here)
                collidersFirst++;
            } else {
                resume = idle + 60 * US;  // EIFS − DIFS
                listenersFirst++;
            }
            long sinceAifs = next.at() - resume - AIFS_BE;
            assertThat(sinceAifs).as("%s at %d after the busy period ending %d", next.device(), next.at(), idle)
                    .isNotNegative();
            assertThat(sinceAifs % SLOT).as("%s off the slot grid by %d ns", next.device(), sinceAifs % SLOT)
                    .isZero();
        }
        return new int[] {collisions, lost, successes, collidersFirst, listenersFirst};
    }

    @Test
    void afterACollisionTheTransmittersWaitAckTimeoutAndEveryoneElseEifs() {
        List<Object> log = new ArrayList<>();
        List<Device> devices = List.of(new Device("a", 1538, true, log), new Device("b", 1538, true, log),
                new Device("c", 1538, true, log), new Device("lossy", 1538, false, log));
        Medium medium = run(devices, null, 3_000_000_000L);
        // success: PPDU 252 + SIFS 16 + Ack 28 = 296 µs; collision: the PPDUs, 252 µs
        int[] seen = checkGrid(log, PPDU, 296 * US);
        assertThat(seen[0]).as("collisions").isGreaterThan(100);
        assertThat(seen[1]).as("lost exchanges").isGreaterThan(100);
        assertThat(seen[2]).as("successes").isGreaterThan(1000);
        assertThat(seen[3]).as("a transmitter first after an error").isGreaterThan(20);
        assertThat(seen[4]).as("a listener first after an error").isGreaterThan(20);
        assertThat(medium.collisions()).isEqualTo(seen[0]);
    }

    @Test
    void withRtsCtsACollisionCostsTheRtsAndASuccessTheProtection() {
        List<Object> log = new ArrayList<>();
        List<Device> devices = List.of(new Device("a", 1538, true, log), new Device("b", 1538, true, log),
                new Device("c", 1538, true, log), new Device("lossy", 1538, false, log));
        Medium medium = run(devices, 1537, 3_000_000_000L);
        // PSDU 1538 > 1537: protected. Success: RTS/CTS 88 + 252 + 16 + 28 = 384 µs; a collision ends with the
        // RTS (28 µs) and the transmitters wait CTSTimeout (= AckTimeout) after it
        int[] seen = checkGrid(log, 28 * US, 384 * US);
        assertThat(seen[0]).as("collisions").isGreaterThan(100);
        assertThat(seen[2]).as("successes").isGreaterThan(1000);
        // every TXOP that did not collide was protected (the last may still be on the air)
        assertThat(medium.protectedTxops()).isBetween((long) seen[1] + seen[2], seen[1] + seen[2] + 1L);
    }

    @Test
    void aPsduAtTheThresholdIsNotProtected() {
        // Linux: len > rts_threshold
        List<Object> log = new ArrayList<>();
        Medium medium = run(List.of(new Device("a", 1538, true, log), new Device("b", 1538, true, log)), 1538,
                1_000_000_000L);
        int[] seen = checkGrid(log, PPDU, 296 * US);
        assertThat(seen[2]).isGreaterThan(500);
        assertThat(medium.protectedTxops()).isZero();
    }

    @Test
    void aTxopLimitFitsAsManyExchangesAsEndBeforeIt() {
        // VO's 1.504 ms TXOP: the first exchange 252 + 16 + 28 = 296 µs, each further one SIFS + 296 = 312 µs:
        // 296 + 3 × 312 = 1232 ≤ 1504 < 1544, so four PPDUs per TXOP, starting 312 µs apart
        Simulator sim = new Simulator();
        Medium medium = new Medium(sim, RandomStream.of(3, "medium"), null);
        List<Long> starts = new ArrayList<>();
        List<Object> log = new ArrayList<>();
        Device burster = new Device("vo", 1538, true, log) {
            @Override
            public Ppdu continueTxop(int ac, long remainingNs, long now) {
                if (PPDU + 16 * US + ACK > remainingNs) {
                    return null;
                }
                starts.add(now + 16 * US);
                return fill(ac);
            }

            @Override
            public Ppdu startTxop(int ac, long now) {
                starts.add(-now - 1); // a TXOP's first PPDU, marked negative
                return fill(ac);
            }
        };
        Medium.Contender c = medium.contender(burster, Edca.station(AccessCategory.VO));
        medium.wake(c, 0);
        sim.run(100_000_000L, RunControl.NONE);
        List<List<Long>> txops = new ArrayList<>();
        for (long s : starts) {
            if (s < 0) {
                txops.add(new ArrayList<>(List.of(-s - 1)));
            } else {
                txops.getLast().add(s);
            }
        }
        assertThat(txops.size()).isGreaterThan(50);
        for (List<Long> txop : txops.subList(0, txops.size() - 1)) {
            assertThat(txop).hasSize(4);
            for (int k = 1; k < txop.size(); k++) {
                assertThat(txop.get(k) - txop.get(k - 1)).isEqualTo(312 * US);
            }
        }
        assertThat(medium.burstPpdus()).isGreaterThanOrEqualTo(3L * (txops.size() - 1));
    }
}
