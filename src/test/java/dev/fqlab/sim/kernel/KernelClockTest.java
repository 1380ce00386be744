package dev.fqlab.sim.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The kernel's clocks against include/net/codel.h and include/linux/jiffies.h arithmetic. */
class KernelClockTest {
    private static final long S = 1_000_000_000L;

    @Test
    void ktimeIsUptimePlusSimulationTime() {
        var clock = KernelClock.afterBoot(1000);
        assertThat(clock.ktimeNs(0)).isEqualTo(1000 * S);
        assertThat(clock.ktimeNs(2 * S + 5)).isEqualTo(1002 * S + 5);
    }

    @Test
    void codelTimeIsKtimeShiftedByTenInAU32() {
        // codel_get_time(): ktime_get_ns() >> CODEL_SHIFT (10). 1000 s = 10^12 ns; 10^12 / 1024 = 976 562 500.
        assertThat(KernelClock.afterBoot(1000).codelTime(0)).isEqualTo(976_562_500L);
        // one unit is 1024 ns: 1023 ns later it has not moved, 1024 ns later it has
        var boot = new KernelClock(0);
        assertThat(boot.codelTime(1023)).isZero();
        assertThat(boot.codelTime(1024)).isEqualTo(1);
        // codel_time_t is a u32: 2^32 units = 2^42 ns = 4398.046511104 s after boot it is 0 again
        long wrapNs = 1L << 42;
        assertThat(new KernelClock(wrapNs).codelTime(0)).isZero();
        assertThat(new KernelClock(wrapNs - 1024).codelTime(0)).isEqualTo(0xFFFF_FFFFL);
        // 2^31 units (2199.023255552 s) is where codel_time_after's s32 difference with 0 turns negative
        assertThat((int) new KernelClock(1L << 41).codelTime(0)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void jiffiesStartAtInitialJiffiesAndTheirLow32BitsWrapFiveMinutesAfterBoot() {
        // INITIAL_JIFFIES = (unsigned long)(unsigned int)(-300 * HZ) with HZ 250: 2^32 − 75 000 = 4 294 892 296
        assertThat(KernelClock.INITIAL_JIFFIES).isEqualTo(4_294_892_296L);
        assertThat(new KernelClock(0).jiffies(0)).isEqualTo(4_294_892_296L);
        // one jiffy is 4 ms at HZ 250
        assertThat(new KernelClock(0).jiffies(4_000_000)).isEqualTo(4_294_892_297L);
        // 300 s × 250 = 75 000 jiffies later the low 32 bits are 0
        assertThat(KernelClock.afterBoot(300).jiffies(0) & 0xFFFF_FFFFL).isZero();
    }

    @Test
    void aNegativeUptimeIsRefused() {
        assertThatThrownBy(() -> new KernelClock(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
