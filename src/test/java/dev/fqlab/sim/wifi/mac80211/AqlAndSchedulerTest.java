package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.packet.Packet;
import org.junit.jupiter.api.Test;

/** AQL's thresholds (kernel-spec §4.5) and the airtime scheduler's deficit rules (§4.3). */
class AqlAndSchedulerTest {
    private static final long US = 1_000;
    private static final Aql NO_AQL = new Aql(WifiScenarios.noAql(), 8);

    @Test
    void aqlAllowsBelowLowAndBelowHighOnlyWhileTheRadioIsUnderItsThreshold() {
        Aql aql = new Aql(WifiScenarios.aql(), 3);
        aql.dequeued(0, 0, 4999 * US);
        assertThat(aql.mayDequeue(0, 0)).isTrue(); // < low
        aql.dequeued(0, 0, 2 * US);
        assertThat(aql.mayDequeue(0, 0)).isTrue(); // ≥ low, < high, total 5001 µs < threshold
        aql.dequeued(1, 0, 12000 * US);
        aql.dequeued(2, 0, 7000 * US); // total 24001 µs ≥ threshold
        assertThat(aql.mayDequeue(0, 0)).isFalse();
        assertThat(aql.mayDequeue(2, 0)).isFalse();
        aql.completed(2, 0, 2000 * US); // total 22001 µs
        assertThat(aql.mayDequeue(0, 0)).isTrue();
        assertThat(aql.mayDequeue(1, 0)).isFalse(); // 12000 µs: not below high
        aql.completed(0, 0, 1_000_000 * US); // never below zero
        assertThat(aql.pendingNs(0, 0)).isZero();
    }

    @Test
    void disabledAqlNeverThrottles() {
        Aql aql = new Aql(WifiScenarios.noAql(), 1);
        aql.dequeued(0, 0, 1_000_000 * US);
        assertThat(aql.mayDequeue(0, 0)).isTrue();
    }

    /** One backlogged TXQ per station, stations 0, 1, … in order, all of AC 0. */
    private static Txq[] backloggedTxqs(int stations) {
        Fq fq = new Fq(WifiScenarios.txqsBuilder().set("flows", 64).build(), (p, now) -> { });
        Txq[] txqs = new Txq[stations];
        for (int s = 0; s < stations; s++) {
            txqs[s] = fq.newTxq(s, 0, 0);
            Packet p = new Packet();
            p.length = 100;
            p.truesize = 600;
            fq.enqueue(txqs[s], p, 0);
        }
        return txqs;
    }

    @Test
    void airtimeSchedulerServesAStationUntilItsDeficitIsNegativeThenRotates() {
        Txq[] txqs = backloggedTxqs(2);
        Txq a = txqs[0];
        Txq b = txqs[1];
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 256}, NO_AQL);
        scheduler.schedule(a);
        scheduler.schedule(b);
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(a);
        scheduler.giveBack(a); // still has frames: back at the head
        assertThat(scheduler.next(0)).isNull(); // a was served in this pass: the pass ends
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(a); // a again while its deficit (256 µs) is not negative
        scheduler.chargeAirtime(0, 0, 300 * US, 0); // 256 − 300 < 0
        scheduler.giveBack(a);
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(b); // a topped up (+256 → 212 µs) and rotated behind b
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(212 * US);
    }

    @Test
    void rxAirtimeCountsOnlyWhenChargeRxIsOn() {
        var charged = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 1, new int[] {256}, NO_AQL);
        var notCharged = new AirtimeScheduler(new SchedulerSpec.Airtime(256, false), 1, new int[] {256}, NO_AQL);
        charged.chargeAirtime(0, 0, 0, 100 * US);
        notCharged.chargeAirtime(0, 0, 0, 100 * US);
        assertThat(charged.deficitNs(0, 0)).isEqualTo(156 * US);
        assertThat(notCharged.deficitNs(0, 0)).isEqualTo(256 * US);
    }

    @Test
    void weightsScaleTheQuantum() {
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 512}, NO_AQL);
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(256 * US);
        assertThat(scheduler.deficitNs(1, 0)).isEqualTo(512 * US);
    }

    @Test
    void nextTxqSkipsStationsAqlThrottlesAndGivesUpAfterAFullRotation() {
        // kernel-spec §4.3 (AQL, v5.5, and v6.0+): ineligible TXQs are rotated to the tail; a rotation finding none
        // ends the search. On 5.10, without v6.0's per-AC gate, which would close the last round below (36 ms
        // pending, limit 17 ms).
        for (boolean airtime : new boolean[] {false, true}) {
            Aql aql = new Aql(WifiScenarios.aql(), 3, KernelProfile.LINUX_5_10);
            TxqScheduler scheduler = airtime
                    ? new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 3, new int[] {256, 256, 256}, aql)
                    : new RoundRobinScheduler(aql);
            Txq[] txqs = backloggedTxqs(3);
            for (Txq t : txqs) {
                scheduler.schedule(t);
            }
            aql.dequeued(0, 0, 12_000 * US); // station 0 at its high limit: throttled
            scheduler.startRound(0);
            assertThat(scheduler.next(0)).as("airtime " + airtime).isSameAs(txqs[1]);
            assertThat(scheduler.next(0)).as("airtime " + airtime).isSameAs(txqs[2]);
            assertThat(scheduler.next(0)).as("only the throttled TXQ is left").isNull();

            scheduler.giveBack(txqs[1]);
            scheduler.giveBack(txqs[2]);
            aql.dequeued(1, 0, 12_000 * US);
            aql.dequeued(2, 0, 12_000 * US);
            scheduler.startRound(0);
            assertThat(scheduler.next(0)).as("every station throttled").isNull();

            aql.completed(0, 0, 12_000 * US);
            scheduler.startRound(0);
            assertThat(scheduler.next(0)).as("airtime " + airtime).isSameAs(txqs[0]);
        }
    }

    @Test
    void pendingAirtimeCountsAgainstTheDeficit() {
        // v6.0+: eligibility uses deficit − aql_tx_pending. Station 0: 256 − 300 µs pending < 0 → topped up to 512 µs
        // and rotated behind station 1, which is served first.
        Aql aql = new Aql(WifiScenarios.aql(), 2, KernelProfile.LINUX_6_1);
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 256}, aql);
        Txq[] txqs = backloggedTxqs(2);
        scheduler.schedule(txqs[0]);
        scheduler.schedule(txqs[1]);
        aql.dequeued(0, 0, 300 * US);
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(txqs[1]);
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(512 * US);
    }

    @Test
    void beforeV60PendingAirtimeDoesNotCountAgainstTheDeficit() {
        // 5.10: the deficit alone (256 µs ≥ 0), however much airtime is pending: station 0 is served first.
        Aql aql = new Aql(WifiScenarios.aql(), 2, KernelProfile.LINUX_5_10);
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 256}, aql);
        Txq[] txqs = backloggedTxqs(2);
        scheduler.schedule(txqs[0]);
        scheduler.schedule(txqs[1]);
        aql.dequeued(0, 0, 300 * US);
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(txqs[0]);
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(256 * US);
    }

    @Test
    void theV60PerAcLimitIsHighPlusHalfALowPerFurtherActiveTxq() {
        // ieee80211_txq_schedule_airtime_check: (num_txq − 1) × 5000 / 2 + 12000 µs with 3 TXQs listed: 17 000 µs.
        Aql aql = new Aql(WifiScenarios.aql(), 3, KernelProfile.LINUX_6_18);
        assertThat(aql.roundMayStart(0, 3)).isTrue();
        aql.dequeued(0, 0, 4_000 * US);
        aql.dequeued(1, 0, 4_000 * US);
        aql.dequeued(2, 0, 8_999 * US); // 16 999 µs < 17 000
        assertThat(aql.roundMayStart(0, 3)).isTrue();
        aql.dequeued(2, 0, 1 * US); // 17 000: not below
        assertThat(aql.roundMayStart(0, 3)).isFalse();
        // one TXQ: the high limit, 12 000 µs; four: 19 500 µs
        assertThat(aql.roundMayStart(0, 1)).isFalse();
        assertThat(aql.roundMayStart(0, 4)).isTrue();
        // the limit is per AC: AC 1 has nothing pending
        assertThat(aql.roundMayStart(1, 1)).isTrue();
        // an empty list: (0 − 1) wraps in the u32 to (2^32 − 5000) / 2 + 12 000 = 2 147 493 148 µs: always open
        assertThat(aql.roundMayStart(0, 0)).isTrue();
        // before v6.0 there is no such gate, and AQL off never gates
        Aql old = new Aql(WifiScenarios.aql(), 3, KernelProfile.LINUX_5_10);
        old.dequeued(0, 0, 100_000 * US);
        assertThat(old.roundMayStart(0, 1)).isTrue();
        Aql off = new Aql(WifiScenarios.noAql(), 3, KernelProfile.LINUX_6_18);
        off.dequeued(0, 0, 100_000 * US);
        assertThat(off.roundMayStart(0, 1)).isTrue();
    }

    @Test
    void aClosedRoundGivesNoTxqUntilAirtimeCompletes() {
        // Three stations with 6000 µs pending each (below their own 12 000 µs high limit: no station is throttled)
        // but 18 000 µs on the AC ≥ 17 000: ieee80211_txq_schedule_start sets schedule_round 0 and next_txq returns
        // NULL. Completing 1001 µs brings the AC to 16 999 µs: the next round opens.
        for (boolean airtime : new boolean[] {false, true}) {
            Aql aql = new Aql(WifiScenarios.aql(), 3, KernelProfile.LINUX_6_18);
            TxqScheduler scheduler = airtime
                    ? new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 3, new int[] {256, 256, 256}, aql)
                    : new RoundRobinScheduler(aql);
            Txq[] txqs = backloggedTxqs(3);
            for (Txq t : txqs) {
                scheduler.schedule(t);
                aql.dequeued(t.station, 0, 6_000 * US);
            }
            assertThat(aql.mayDequeue(0, 0)).isTrue();
            scheduler.startRound(0);
            assertThat(scheduler.next(0)).as("airtime " + airtime).isNull();
            aql.completed(0, 0, 1_001 * US);
            scheduler.startRound(0);
            assertThat(scheduler.next(0)).as("airtime " + airtime).isNotNull();
            // 5.10 opens the first round regardless
            Aql old = new Aql(WifiScenarios.aql(), 3, KernelProfile.LINUX_5_10);
            TxqScheduler oldScheduler = new RoundRobinScheduler(old);
            for (Txq t : backloggedTxqs(3)) {
                oldScheduler.schedule(t);
                old.dequeued(t.station, 0, 6_000 * US);
            }
            oldScheduler.startRound(0);
            assertThat(oldScheduler.next(0)).isNotNull();
        }
    }
}
