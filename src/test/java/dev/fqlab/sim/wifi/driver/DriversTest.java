package dev.fqlab.sim.wifi.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.mac.BlockAckSession;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Aql;
import dev.fqlab.sim.wifi.mac80211.Fq;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The driver factory (kernel-spec §5): one class per dequeue strategy, the legacy buffer without TXQs. */
class DriversTest {
    private static final Map<DequeueStrategy, Class<? extends ApDriver>> CLASSES = Map.of(
            DequeueStrategy.AGGREGATE, Ath9kAggregateDriver.class,
            DequeueStrategy.PER_WAKE, PerWakeDriver.class,
            DequeueStrategy.DRAIN_ALL, DrainAllDriver.class,
            DequeueStrategy.BUDGET, BudgetDriver.class,
            DequeueStrategy.PULL, PullDriver.class);

    @Test
    void everyStrategyHasItsOwnClass() {
        for (DequeueStrategy strategy : DequeueStrategy.values()) {
            ApDriver driver = create(stack(strategy, true));
            assertThat(driver).isExactlyInstanceOf(CLASSES.get(strategy));
            assertThat(driver.mac80211Txqs()).isTrue();
            assertThat(driver.hasRoom(0)).isTrue();
        }
    }

    @Test
    void onlyAth9kCountsRetriesAsTxqWork() {
        for (DequeueStrategy strategy : DequeueStrategy.values()) {
            ApDriver driver = create(stack(strategy, true));
            assertThat(driver.retriesAreTxqWork()).isEqualTo(strategy == DequeueStrategy.AGGREGATE);
        }
    }

    @Test
    void withoutTxqsTheLegacyBufferStopsTheQdiscWhenItsAcIsFull() {
        StackSpec stack = stack(DequeueStrategy.AGGREGATE, false);
        ApDriver driver = create(stack);
        assertThat(driver).isInstanceOf(LegacyBufferDriver.class);
        assertThat(driver.mac80211Txqs()).isFalse();
        assertThat(driver.retriesAreTxqWork()).isTrue();
        assertThat(Drivers.tidQueues(stack)).isSameAs(LegacyBufferDriver.TID_QUEUES);

        Txq txq = new Fq(LegacyBufferDriver.TID_QUEUES, (p, now) -> { }).newTxq(0, 0, 0);
        for (int i = 0; i < 3; i++) {
            assertThat(driver.hasRoom(0)).isTrue();
            driver.wake(txq, 0);
        }
        assertThat(driver.hasRoom(0)).isFalse(); // hwQueuePackets 3
        assertThat(driver.hasRoom(1)).isTrue(); // per AC
        driver.released(0);
        assertThat(driver.hasRoom(0)).isTrue();
    }

    @Test
    void hostCpuChargesWakePacketAndContentionPerJob() {
        HostCpu cpu = new HostCpu(WifiScenarios.driver(DequeueStrategy.PER_WAKE).set("hwQueuePackets", 3)
                .set("perWakeCpuUs", 10).set("perPacketCpuUs", 2).set("batchContentionCpuUs", 0.5).build());
        assertThat(cpu.costsTime()).isTrue();
        assertThat(cpu.startJob()).isEqualTo(10_000);
        assertThat(cpu.moveFrame()).isEqualTo(2_000);
        assertThat(cpu.moveFrame()).isEqualTo(2_500); // a further frame of the same job: contention
        assertThat(cpu.jobFrames()).isEqualTo(2);
        // a whole job of 3 frames queued at 100 µs: 10 + 3 × 2 + 2 × 0.5 µs; the next waits for it
        assertThat(cpu.queueJob(100_000, 3)).isEqualTo(117_000);
        assertThat(cpu.queueJob(100_000, 1)).isEqualTo(129_000);
        assertThat(cpu.runs()).isEqualTo(3);
        assertThat(cpu.busyNs()).isEqualTo(14_500 + 17_000 + 12_000);
        assertThat(new HostCpu(WifiScenarios.ath9k()).costsTime()).isFalse();
    }

    private static ApDriver create(StackSpec stack) {
        return Drivers.create(new Host(), new Simulator(), stack, WifiScenarios.ht20());
    }

    private static StackSpec stack(DequeueStrategy strategy, boolean txqs) {
        TxqsSpec txqsSpec = txqs ? WifiScenarios.txqs(true, true) : WifiScenarios.noTxqs();
        return WifiScenarios.wifiStack().set("qdisc", new QdiscSpec.Pfifo(1000)).set("txqs", txqsSpec)
                .set("driver", WifiScenarios.driver(strategy).set("hwQueuePackets", 3).build()).build();
    }

    /** An AP with one station and nothing queued. */
    private static final class Host implements DriverHost {
        private final TxqScheduler scheduler = TxqScheduler.create(new SchedulerSpec.RoundRobin(), 1, new int[] {256},
                new Aql(WifiScenarios.noAql(), 1));
        private final BlockAckSession session = new BlockAckSession(null);

        @Override
        public TxqScheduler scheduler() {
            return scheduler;
        }

        @Override
        public int stations() {
            return 1;
        }

        @Override
        public int tidOf(int ac) {
            return ac;
        }

        @Override
        public Packet txDequeue(Txq txq, long now) {
            return null;
        }

        @Override
        public void buildFromTxq(Ppdu ppdu, Txq txq, long now) {
        }

        @Override
        public void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long now) {
        }

        @Override
        public void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long maxExchangeNs, long now) {
        }

        @Override
        public BlockAckSession session(int station, int tid) {
            return session;
        }

        @Override
        public void wakeMedium(int ac, long now) {
        }

        @Override
        public int txqBacklog(int ac) {
            return 0;
        }
    }
}
