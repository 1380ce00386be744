package dev.fqlab.sim.core;

/**
 * How a caller watches and stops a running simulation. The engine calls both methods from its own
 * thread every few thousand events, so they must be cheap (read a volatile, compare a clock).
 */
public interface RunControl {

    /** A control that never cancels and ignores progress. */
    RunControl NONE = new RunControl() {
        @Override
        public boolean cancelled() {
            return false;
        }

        @Override
        public void progress(double fraction, long simulatedNs, long events) {
        }
    };

    /** True once the caller wants the simulation stopped; the engine then throws {@link SimulationCancelledException}. */
    boolean cancelled();

    /**
     * Progress report.
     *
     * @param fraction simulated time / duration, 0..1
     * @param simulatedNs current simulated time
     * @param events events processed so far
     */
    void progress(double fraction, long simulatedNs, long events);
}
