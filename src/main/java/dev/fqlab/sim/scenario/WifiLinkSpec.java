package dev.fqlab.sim.scenario;

/**
 * One AP and its stations sharing one channel (scenario.md {@code link} type {@code wifi}).
 *
 * @param retryLimit transmissions of one MPDU before it is dropped
 * @param legacyRateMbps data rate of 802.11a stations that do not set their own
 */
public record WifiLinkSpec(PhyStandard standard, int channelWidthMhz, boolean shortGuardInterval, AmpduSpec ampdu,
                           int retryLimit, double legacyRateMbps) implements LinkSpec {
    @Override
    public String type() {
        return "wifi";
    }
}
