package dev.fqlab.sim.scenario;

/** The interface qdisc (scenario.md {@code stack.qdisc}). */
public sealed interface QdiscSpec permits QdiscSpec.Noqueue, QdiscSpec.Pfifo, QdiscSpec.Codel, QdiscSpec.FqCodel {

    /** The scenario's {@code type}: noqueue, pfifo, codel, fq_codel. */
    String type();

    /** No qdisc queue: packets go straight to the device's own queues (WiFi with TXQs). */
    record Noqueue() implements QdiscSpec {
        @Override
        public String type() {
            return "noqueue";
        }
    }

    /** Tail-drop FIFO of {@code limit} packets. */
    record Pfifo(int limit) implements QdiscSpec {
        @Override
        public String type() {
            return "pfifo";
        }
    }

    /** sch_codel: one CoDel queue of at most {@code limit} packets (tail drop beyond). */
    record Codel(int limit, CodelSettings codel) implements QdiscSpec {
        @Override
        public String type() {
            return "codel";
        }
    }

    /** sch_fq_codel with its parameters (kernel-spec §2). */
    record FqCodel(int flows, int limit, long memoryLimitBytes, int quantum, QuantumMode quantumMode,
                   int dropBatchSize, CodelSettings codel) implements QdiscSpec {
        @Override
        public String type() {
            return "fq_codel";
        }
    }
}
