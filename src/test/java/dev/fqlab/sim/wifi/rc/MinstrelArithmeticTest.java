package dev.fqlab.sim.wifi.rc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.wifi.phy.PhyMode;
import org.junit.jupiter.api.Test;

/**
 * Minstrel-HT's fixed-point arithmetic (rc80211_minstrel_ht.c/.h, Linux 6.18), each number worked by hand from the
 * kernel's macros and functions in the comments.
 */
class MinstrelArithmeticTest {

    /** HT20, long GI, one stream, MCS 0–7: group 0, so MI_RATE(0, i) = i. */
    private static MinstrelHt ht20OneStream() {
        return new MinstrelHt(RateSet.of(PhyStandard.N, 7, 1, 20, false), RandomStream.of(1, "t"), 0);
    }

    @Test
    void overheadIsAnEmptyFrameAndAnAckAtSixMegabits() {
        // ieee80211_frame_duration(5 GHz, len, 60): 16 + 16 + 4 + 4·⌈(16 + 8·(len + 4) + 6)·10 / 240⌉
        // len 0: 36 + 4·⌈540/240⌉ = 36 + 12 = 48 µs; len 10 (the ACK): 36 + 4·⌈1340/240⌉ = 36 + 24 = 60 µs
        MinstrelHt mi = ht20OneStream();
        assertThat(mi.overhead).isEqualTo(48 + 60);
        assertThat(mi.overheadRtscts).isEqualTo(108 + 2 * 60);
        assertThat(mi.overheadLegacy).isEqualTo(60);
    }

    @Test
    void groupDurationsFollowTheMacros() {
        // MCS_DURATION(1, 0, 260): ⌈153600 / 260⌉ = 591 symbols · 4000 ns = 2 364 000 / 16 = 147 750 ns.
        // GROUP_SHIFT from MCS 0: ⌈153600/26⌉ = 5908 · 4000 / 16 = 1 477 000 (21 bits: clz 11) → shift 5.
        // duration[7] = 147 750 >> 5 = 4617, minstrel_get_duration = 4617 << 5 = 147 744 ns.
        assertThat(MinstrelGroups.SHIFT[0]).isEqualTo(5);
        assertThat(MinstrelGroups.duration(0, 7)).isEqualTo(147_744);
        assertThat(MinstrelGroups.duration(0, 0)).isEqualTo(1_476_992); // 1 477 000 >> 5 << 5
        // HT40 SGI two streams MCS 15 (group 8 + 4 + 1 = 13): ⌈153600 / 1080⌉ = 143 symbols,
        // (143·18000 + 4000)/5 = 515 600, /16 = 32 225; MCS 0: ⌈153600/108⌉ = 1423, (1423·18000+4000)/5 = 5 123 600,
        // /16 = 320 225 (19 bits: clz 13) → shift 3: 32 225 >> 3 << 3 = 32 224.
        assertThat(MinstrelGroups.SHIFT[13]).isEqualTo(3);
        assertThat(MinstrelGroups.duration(13, 7)).isEqualTo(32_224);
        // OFDM_DURATION(540): 1000·(36 + 4·((16 + 80·1204 + 6) / 2160)) = 1000·(36 + 4·44) = 212 000 ns
        // (the kernel's plain division rounds 44.6 down); shift from OFDM_DURATION(60) = 1000·(36 + 4·401) =
        // 1 640 000 (21 bits) → 5: 212 000 >> 5 << 5 = 212 000 (6625 · 32); 48 Mbit/s: 96342 / 1920 = 50 →
        // 236 000 >> 5 = 7375 → 236 000.
        assertThat(MinstrelGroups.duration(MinstrelGroups.OFDM_GROUP, 7)).isEqualTo(212_000);
        assertThat(MinstrelGroups.duration(MinstrelGroups.OFDM_GROUP, 6)).isEqualTo(236_000);
    }

    @Test
    void ewmaOfTheAmpduLengthWeighsTheOldValue96Of128() {
        // minstrel_ewma(4096, 65536, 96): diff 61440, incr = 32·61440/128 = 15360 → 19456 (4.75 in 12-bit fixed point)
        assertThat(MinstrelHt.ewma(4096, MinstrelHt.frac(16, 1), MinstrelHt.EWMA_LEVEL)).isEqualTo(19_456);
        // a falling value: diff −4096·3 = −12288, incr = 32·(−12288)/128 = −3072 (C truncates toward zero)
        assertThat(MinstrelHt.ewma(16384, 4096, 96)).isEqualTo(13_312);
        // −1 · 32 / 128 truncates to 0: the average never drops below a value it came from
        assertThat(MinstrelHt.ewma(4097, 4096, 96)).isEqualTo(4097);
    }

    @Test
    void probabilityFilterIsTheKernelsSecondOrderLowPass() {
        // MINSTREL_AVG_COEFF1 = 4096 − 0x1499 + 0x92e = 4096 − 5273 + 2350 = 1173
        assertThat(MinstrelHt.MINSTREL_AVG_COEFF1).isEqualTo(1173);
        int[] state = {0, 0};
        // first sample: prev_1 was 0, so the output is the input, and both history values become it
        // ("val = out_1 = in; ... *prev_2 = out_1; *prev_1 = val;")
        assertThat(MinstrelHt.filterAvgAdd(state, 4096)).isEqualTo(4096);
        assertThat(state).containsExactly(4096, 4096);
        // (1173·2048 + 5273·4096 − 2350·4096) >> 12 = 14 374 912 >> 12 = 3509
        assertThat(MinstrelHt.filterAvgAdd(state, 2048)).isEqualTo(3509);
        // (1173·2048 + 5273·3509 − 2350·4096) >> 12 = (2 402 304 + 18 502 957 − 9 625 600) >> 12 = 2753
        assertThat(MinstrelHt.filterAvgAdd(state, 2048)).isEqualTo(2753);
        // (2 402 304 + 5273·2753 − 2350·3509) >> 12 = (2 402 304 + 14 516 569 − 8 246 150) >> 12 = 2117
        assertThat(MinstrelHt.filterAvgAdd(state, 2048)).isEqualTo(2117);
        // the overshoot is capped: from 2048 steady, a jump to 4096: (1173·4096 + 5273·2048 − 2350·2048) >> 12
        // = (4 804 608 + 5 986 304) >> 12 = 2634, and the second step (1173·4096 + 5273·2634 − 2350·2048) >> 12
        // = (4 804 608 + 13 889 082 − 4 812 800) >> 12 = 3388
        int[] steady = {2048, 2048};
        assertThat(MinstrelHt.filterAvgAdd(steady, 4096)).isEqualTo(2634);
        assertThat(MinstrelHt.filterAvgAdd(steady, 4096)).isEqualTo(3388);
        // an input of 0 counts as 1
        int[] fresh = {0, 0};
        assertThat(MinstrelHt.filterAvgAdd(fresh, 0)).isEqualTo(1);
    }

    @Test
    void throughputEstimateChargesTheOverheadPerAmpduAndCapsProbabilityAt90Percent() {
        MinstrelHt mi = ht20OneStream();
        mi.setAvgAmpduLen(MinstrelHt.frac(16, 1));
        // nsecs = 1000·108/16 + 147 744 = 6750 + 147 744 = 154 494; prob 100 % → capped at MINSTREL_FRAC(90, 100) =
        // 3686: 3 686 000 000 / 154 494 = 23 858; ·100 = 2 385 800 >> 12 = 582 (58.2 in rc_stats)
        assertThat(mi.tpAvg(0, 7, MinstrelHt.frac(100, 100))).isEqualTo(582);
        // 50 %: 2 048 000 000 / 154 494 = 13 256; ·100 >> 12 = 323
        assertThat(mi.tpAvg(0, 7, 2048)).isEqualTo(323);
        // below MINSTREL_FRAC(10, 100) = 409: no throughput at all
        assertThat(mi.tpAvg(0, 7, 408)).isZero();
        assertThat(mi.tpAvg(0, 7, 409)).isPositive();
        // unaggregated (avg 1): nsecs = 108 000 + 147 744 = 255 744 → 3 686 000 000 / 255 744 = 14 412; ·100 >> 12 = 351
        mi.setAvgAmpduLen(MinstrelHt.frac(1, 1));
        assertThat(mi.tpAvg(0, 7, 4096)).isEqualTo(351);
    }

    @Test
    void retryCountsFillTheSixMillisecondSegment() {
        MinstrelHt mi = ht20OneStream();
        mi.setProbAvg(7, 4096);
        mi.setAvgAmpduLen(MinstrelHt.frac(1, 1));
        mi.calcRetransmit(7);
        // minstrel_calc_retransmit, HT20 MCS 7, ampdu_len 1: tx_time_data = 147 744 · 1 / 1000 = 147 µs.
        // First two tries: ctime = (9·15)>>1 + (9·31)>>1 = 67 + 139 = 206; tx_time = 206 + 2·(108 + 147) = 716,
        // with RTS/CTS 206 + 2·(228 + 147) = 956. Then cw 63, 127, 255, 511: ctime 283, 571, 1147, 2299:
        // tx_time 1254 (3 tries), 2080 (4), 3482 (5), 6036 (stop: not < 6000) → retry_count 5;
        // RTS 1614, 2560, 4082 (< 6000: 5), 6756 → retry_count_rtscts 5.
        assertThat(mi.retryCount(7)).isEqualTo(5);
        // with 16-frame aggregates: data = 147 744 · 16 / 1000 = 2363 µs; tx_time = 206 + 2·(108 + 2363) = 5148,
        // then + 283 + 2471 = 7902 ≥ 6000 → 2 tries
        mi.setAvgAmpduLen(MinstrelHt.frac(16, 1));
        mi.calcRetransmit(7);
        assertThat(mi.retryCount(7)).isEqualTo(2);
        // below 10 % success: one try
        mi.setProbAvg(6, 400);
        mi.calcRetransmit(6);
        assertThat(mi.retryCount(6)).isEqualTo(1);
    }

    @Test
    void aNewStationStartsAtTheLowestRateTwiceInEverySeries() {
        // minstrel_ht_update_caps: no statistics yet, every tp is 0, so max_tp_rate[0..3] and max_prob_rate stay
        // MI_RATE(HT_GROUP_0, 0); minstrel_ht_set_rate: prob < 20 % → count 2; series 1–3 with RTS/CTS.
        MinstrelHt mi = ht20OneStream();
        RetryChain chain = new RetryChain();
        mi.fillChain(chain, 1); // before the first sample is due? sample_time = 0: due, so series 0 may be a probe
        int first = chain.probe() ? 1 : 0;
        for (int i = first; i < 4; i++) {
            assertThat(chain.mode(i)).isEqualTo(PhyMode.ht(0, 20, false));
            assertThat(chain.tries(i)).isEqualTo(2);
            assertThat(chain.rts(i)).isEqualTo(i > 0);
        }
        assertThat(chain.series()).isEqualTo(4);
    }

    @Test
    void aProbeTakesTheFirstSeriesWithOneTryAndTheTimerWaits20Ms() {
        MinstrelHt mi = ht20OneStream();
        RetryChain chain = new RetryChain();
        long now = 1_000_000;
        mi.fillChain(chain, now);
        assertThat(chain.probe()).isTrue(); // update_stats set sample_time = now at creation
        assertThat(chain.tries(0)).isEqualTo(1);
        assertThat(chain.rts(0)).isFalse();
        assertThat(chain.mode(0)).isNotEqualTo(PhyMode.ht(0, 20, false));
        mi.sent(chain, now);
        mi.fillChain(chain, now + 19_999_999);
        assertThat(chain.probe()).isFalse(); // MINSTREL_SAMPLE_INTERVAL = HZ / 50 = 20 ms
        mi.fillChain(chain, now + 20_000_000);
        assertThat(chain.probe()).isTrue();
    }

    @Test
    void vhtRatesExcludeWhatTheStandardDoesNotDefine() {
        // minstrel_get_valid_vht_rates: MCS 9 at 20 MHz only with 3 (or 6) streams, MCS 6 not at 80 MHz with 3
        assertThat(RateSet.validVhtRates(0, 1, 9)).isEqualTo(0x1ff);
        assertThat(RateSet.validVhtRates(0, 3, 9)).isEqualTo(0x3ff);
        assertThat(RateSet.validVhtRates(2, 3, 9)).isEqualTo(0x3ff & ~(1 << 6));
        assertThat(RateSet.validVhtRates(1, 2, 7)).isEqualTo(0xff); // IEEE80211_VHT_MCS_SUPPORT_0_7
    }
}
