package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.packet.Packet;
import org.junit.jupiter.api.Test;

/** AQL's thresholds (kernel-spec §4.5) and the airtime scheduler's deficit rules (§4.3). */
class AqlAndSchedulerTest {
    private static final long US = 1_000;

    @Test
    void aqlAllowsBelowLowAndBelowHighOnlyWhileTheRadioIsUnderItsThreshold() {
        Aql aql = new Aql(new AqlSpec(true, 5000, 12000, 24000), 3);
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
        Aql aql = new Aql(new AqlSpec(false, 5000, 12000, 24000), 1);
        aql.dequeued(0, 0, 1_000_000 * US);
        assertThat(aql.mayDequeue(0, 0)).isTrue();
    }

    @Test
    void airtimeSchedulerServesAStationUntilItsDeficitIsNegativeThenRotates() {
        Fq fq = new Fq(new TxqsSpec(true, true, 64, 8192, 16 << 20, 300, QuantumMode.BYTES,
                new CodelSettings(20, 100, true, null, CodelArithmetic.LINUX), true), (p, now) -> { });
        Txq a = fq.newTxq(0, 0, 0);
        Txq b = fq.newTxq(1, 0, 0);
        for (Txq t : new Txq[] {a, b}) {
            Packet p = new Packet();
            p.length = 100;
            p.truesize = 600;
            fq.enqueue(t, p, 0);
        }
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 256});
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
        var charged = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 1, new int[] {256});
        var notCharged = new AirtimeScheduler(new SchedulerSpec.Airtime(256, false), 1, new int[] {256});
        charged.chargeAirtime(0, 0, 0, 100 * US);
        notCharged.chargeAirtime(0, 0, 0, 100 * US);
        assertThat(charged.deficitNs(0, 0)).isEqualTo(156 * US);
        assertThat(notCharged.deficitNs(0, 0)).isEqualTo(256 * US);
    }

    @Test
    void weightsScaleTheQuantum() {
        var scheduler = new AirtimeScheduler(new SchedulerSpec.Airtime(256, true), 2, new int[] {256, 512});
        assertThat(scheduler.deficitNs(0, 0)).isEqualTo(256 * US);
        assertThat(scheduler.deficitNs(1, 0)).isEqualTo(512 * US);
    }
}
