// stub declarations (fqlab harness) matching ns-3's NistErrorRateModel interface
#pragma once
#include <cstdint>
#include <string>
namespace ns3 {
enum WifiModulationClass { WIFI_MOD_CLASS_DSSS, WIFI_MOD_CLASS_HR_DSSS, WIFI_MOD_CLASS_ERP_OFDM, WIFI_MOD_CLASS_OFDM, WIFI_MOD_CLASS_HT, WIFI_MOD_CLASS_VHT };
enum WifiCodeRate { WIFI_CODE_RATE_UNDEFINED, WIFI_CODE_RATE_1_2, WIFI_CODE_RATE_2_3, WIFI_CODE_RATE_3_4, WIFI_CODE_RATE_5_6 };
enum WifiPpduField { WIFI_PPDU_FIELD_DATA };
struct WifiMode {
  uint16_t m; WifiCodeRate r; WifiModulationClass c;
  WifiModulationClass GetModulationClass() const { return c; }
  uint16_t GetConstellationSize() const { return m; }
  WifiCodeRate GetCodeRate() const { return r; }
};
struct WifiTxVector {};
struct TypeId {
  TypeId(const char*) {}
  template <class T> TypeId& SetParent() { return *this; }
  TypeId& SetGroupName(const char*) { return *this; }
  template <class T> TypeId& AddConstructor() { return *this; }
};
class ErrorRateModel {};
class NistErrorRateModel : public ErrorRateModel {
 public:
  static TypeId GetTypeId();
  NistErrorRateModel();
  double DoGetChunkSuccessRate(WifiMode mode, const WifiTxVector& txVector, double snr, uint64_t nbits,
                               uint8_t numRxAntennas, WifiPpduField field, uint16_t staId) const;
  uint8_t GetBValue(WifiCodeRate codeRate) const;
  double CalculatePe(double p, uint8_t bValue) const;
  double GetBpskBer(double snr) const;
  double GetQpskBer(double snr) const;
  double GetQamBer(uint16_t constellationSize, double snr) const;
  double GetFecBpskBer(double snr, uint64_t nbits, uint8_t bValue) const;
  double GetFecQpskBer(double snr, uint64_t nbits, uint8_t bValue) const;
  double GetFecQamBer(uint16_t constellationSize, double snr, uint64_t nbits, uint8_t bValue) const;
};
}
