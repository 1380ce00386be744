package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.WifiScenarios;
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
        // kernel-spec §4.3 (v6.0+): ineligible TXQs are rotated to the tail; a rotation finding none ends the search.
        for (boolean airtime : new boolean[] {false, true}) {
            Aql aql = new Aql(WifiScenarios.aql(), 3);
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
        Aql aql = new Aql(WifiScenarios.aql(), 2);
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 256}, aql);
        Txq[] txqs = backloggedTxqs(2);
        scheduler.schedule(txqs[0]);
        scheduler.schedule(txqs[1]);
        aql.dequeued(0, 0, 300 * US);
        scheduler.startRound(0);
        assertThat(scheduler.next(0)).isSameAs(txqs[1]);
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(512 * US);
    }
}
