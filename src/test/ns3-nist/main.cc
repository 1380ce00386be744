// fqlab harness: ns-3's NistErrorRateModel (compiled unmodified) at the SNRs fqlab's tests check
#include "nist-error-rate-model.h"
#include <cmath>
#include <cstdio>
using namespace ns3;
static NistErrorRateModel nist;
static double csr(WifiMode m, double snrDb, uint64_t nbits) {
  return nist.DoGetChunkSuccessRate(m, WifiTxVector(), std::pow(10.0, snrDb / 10.0), nbits, 1, WIFI_PPDU_FIELD_DATA, 0);
}
// SNR (dB) where PER = per, by bisection (PER falls with SNR)
static double snrAt(WifiMode m, uint64_t nbits, double per) {
  double lo = -10, hi = 60;
  for (int i = 0; i < 200; i++) { double mid = (lo + hi) / 2; if (1 - csr(m, mid, nbits) > per) lo = mid; else hi = mid; }
  return (lo + hi) / 2;
}
int main() {
  WifiMode ofdm6{2, WIFI_CODE_RATE_1_2, WIFI_MOD_CLASS_OFDM}, ofdm54{64, WIFI_CODE_RATE_3_4, WIFI_MOD_CLASS_OFDM};
  printf("# ns-3 test vectors (2000 B): 6M@2.5 %.4g 6M@3 %.4g 6M@4 %.4g 54M@21 %.4g 54M@22 %.4g 54M@23 %.4g\n",
         csr(ofdm6, 2.5, 16000), csr(ofdm6, 3, 16000), csr(ofdm6, 4, 16000), csr(ofdm54, 21, 16000), csr(ofdm54, 22, 16000), csr(ofdm54, 23, 16000));
  printf("# MIMO test vector HT MCS0 4 dB 2 ms -> nbits 13000: %.6f\n", csr(ofdm6, 4.0, 13000));
  WifiMode ht[8] = {{2, WIFI_CODE_RATE_1_2, WIFI_MOD_CLASS_HT}, {4, WIFI_CODE_RATE_1_2, WIFI_MOD_CLASS_HT}, {4, WIFI_CODE_RATE_3_4, WIFI_MOD_CLASS_HT},
                    {16, WIFI_CODE_RATE_1_2, WIFI_MOD_CLASS_HT}, {16, WIFI_CODE_RATE_3_4, WIFI_MOD_CLASS_HT}, {64, WIFI_CODE_RATE_2_3, WIFI_MOD_CLASS_HT},
                    {64, WIFI_CODE_RATE_3_4, WIFI_MOD_CLASS_HT}, {64, WIFI_CODE_RATE_5_6, WIFI_MOD_CLASS_HT}};
  // 1500-byte MPDU: nbits = 12000 / Nss (InterferenceHelper::CalculatePayloadChunkSuccessRate divides by Nss)
  int mcsList[3] = {0, 7, 15};
  for (int k = 0; k < 3; k++) {
    int mcs = mcsList[k]; int nss = mcs / 8 + 1; uint64_t nbits = 12000 / nss;
    printf("HT MCS %d nbits %llu: SNR at PER 0.1 %.4f  0.5 %.4f  0.9 %.4f\n", mcs, (unsigned long long) nbits,
           snrAt(ht[mcs % 8], nbits, 0.1), snrAt(ht[mcs % 8], nbits, 0.5), snrAt(ht[mcs % 8], nbits, 0.9));
  }
  for (int mcs = 0; mcs < 8; mcs++) {
    printf("PER 1500B MCS %d:", mcs);
    for (double s = 0; s <= 30; s += 1) printf(" %.0f:%.4g", s, 1 - csr(ht[mcs], s, 12000));
    printf("\n");
  }
  return 0;
}
