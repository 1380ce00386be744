package dev.fqlab.metrics;

/**
 * What the queued and running gauges show: experiments counted in the shared database, so every instance reports
 * the same number. Implemented where experiments are stored; NaN while they cannot be counted.
 */
public interface ActiveExperiments {

    double queued();

    double running();
}
