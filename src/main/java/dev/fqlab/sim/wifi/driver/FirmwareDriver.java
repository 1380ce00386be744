package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac.PpduBuilder;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;

/**
 * Drivers that push frames into a firmware queue (ath10k, kernel-spec §5.2), and the host CPU jobs that move them.
 *
 * <p><b>Firmware.</b> Per AC a queue of {@code hwQueuePackets} frames (counting frames awaiting retransmission and
 * on the air); the firmware keeps them per station and serves stations round robin, building an A-MPDU from the
 * chosen station's retries and frames whenever the medium is granted.
 *
 * <p><b>Host CPU.</b> The driver's work runs on {@link HostCpu} as jobs ({@link RunState}), one after another: a
 * frame enters the firmware when its cost has been paid, and a job ends when it finds nothing more to move. Each
 * strategy says what a wake does, what a completion requests, which job runs next and which frame it moves.
 */
abstract class FirmwareDriver implements ApDriver {
    /** ACs in the order a run visits them: VO, VI, BE, BK (indices of {@code AccessCategory}). */
    static final int[] AC_ORDER = {3, 2, 0, 1};

    final DriverHost host;
    final TxqScheduler scheduler;
    /** Frames the firmware takes per AC. */
    final int capacity;
    private final Simulator sim;
    private final HostCpu cpu;
    private final int stations;
    private final int[] tidOfAc = new int[4];

    private final PacketFifo[][] firmware;
    private final FrameSource[][] sources;
    private final int[] held = new int[4];
    private final int[] cursor = new int[4];
    private final Ppdu[] ppdus;

    private RunState run = RunState.IDLE;
    /** Frames the firmware reported finished whose completion the CPU has not processed yet. */
    private int completionsPending;
    /** The frame whose cost the CPU is paying, and its TXQ: it enters the firmware when the cost is paid. */
    private Packet inFlight;
    private Txq inFlightTxq;
    private final Event step = new Event() {
        @Override
        protected void fire(long now) {
            cpu(now);
        }
    };

    FirmwareDriver(DriverHost host, Simulator sim, DriverSpec spec, WifiLinkSpec link) {
        this.host = host;
        this.scheduler = host.scheduler();
        this.sim = sim;
        this.cpu = new HostCpu(spec);
        this.capacity = spec.hwQueuePackets();
        this.stations = host.stations();
        int maxSubframes = Math.max(1, link.ampdu().maxSubframes());
        this.firmware = new PacketFifo[4][stations];
        this.sources = new FrameSource[4][stations];
        this.ppdus = new Ppdu[4];
        for (int ac = 0; ac < 4; ac++) {
            tidOfAc[ac] = host.tidOf(ac);
            ppdus[ac] = new Ppdu(maxSubframes);
            for (int s = 0; s < stations; s++) {
                PacketFifo fifo = new PacketFifo();
                firmware[ac][s] = fifo;
                sources[ac][s] = new FrameSource() {
                    @Override
                    public Packet take(long now) {
                        return fifo.poll();
                    }

                    @Override
                    public Packet peek() {
                        return fifo.peek(); // the firmware sees what waits: its A-MSDUs join queued MSDUs
                    }
                };
            }
        }
    }

    // --- what the strategies decide ------------------------------------------------------------------------

    /** What a wake call does once its TXQ is scheduled. */
    abstract void woken(Txq txq, long now);

    /** What a completion that took {@code finishedMpdus} frames out of the AC's firmware queue requests. */
    abstract void afterCompletion(int ac, int finishedMpdus);

    /** The next job to start, taken off what is pending, or {@link RunState#IDLE} when nothing is. */
    abstract RunState nextJob();

    /** The running job's next frame, handed to {@link #carry}; false when the job has nothing more to move. */
    abstract boolean nextFrame(RunState job, long now);

    /** The frame the running job moves next, from {@code txq}. */
    final void carry(Packet p, Txq txq) {
        inFlight = p;
        inFlightTxq = txq;
    }

    /** Frames in the AC's firmware queue (counting those awaiting retransmission and on the air). */
    final int held(int ac) {
        return held[ac];
    }

    /** Frames the running job has moved so far. */
    final int jobFrames() {
        return cpu.jobFrames();
    }

    // --- mac80211's calls ----------------------------------------------------------------------------------

    @Override
    public final void wake(Txq txq, long now) {
        scheduler.schedule(txq);
        woken(txq, now);
        if (run == RunState.IDLE) {
            cpu(now);
        }
    }

    @Override
    public final void completed(int ac, Ppdu ppdu, int finishedMpdus, long now) {
        held[ac] -= finishedMpdus;
        completionsPending += finishedMpdus;
        afterCompletion(ac, finishedMpdus);
        if (run == RunState.IDLE) {
            cpu(now);
        }
    }

    // --- the host CPU --------------------------------------------------------------------------------------

    /**
     * Runs the CPU from {@code now} until it has to wait: each job pays its wake cost, then one frame cost per
     * frame it moves; a job ends when it finds nothing more to move, and the next pending job starts. Pending TX
     * completions go first (ath10k's HTT completion processing runs before the pushes it triggers).
     */
    private void cpu(long now) {
        while (true) {
            if (run == RunState.COMPLETION) {
                run = RunState.IDLE; // the completion job is done
            }
            if (run == RunState.IDLE && completionsPending > 0) {
                long completionNs = cpu.completionJob(completionsPending);
                completionsPending = 0;
                if (completionNs > 0) {
                    run = RunState.COMPLETION;
                    sim.schedule(step, now + completionNs);
                    return;
                }
            }
            if (run == RunState.IDLE) {
                run = nextJob();
                if (run == RunState.IDLE) {
                    return;
                }
                long wakeNs = cpu.startJob();
                if (wakeNs > 0) {
                    sim.schedule(step, now + wakeNs);
                    return;
                }
            }
            if (inFlight != null) {
                pushToFirmware(inFlight, inFlightTxq, now);
                inFlight = null;
            }
            if (!nextFrame(run, now)) {
                run = RunState.IDLE;
                continue;
            }
            long cost = cpu.moveFrame();
            if (cost > 0) {
                sim.schedule(step, now + cost);
                return;
            }
        }
    }

    // --- the firmware --------------------------------------------------------------------------------------

    private void pushToFirmware(Packet p, Txq txq, long now) {
        firmware[txq.ac][txq.station].add(p);
        held[txq.ac]++;
        host.wakeMedium(txq.ac, now);
    }

    @Override
    public final boolean hasFrames(int ac) {
        for (int s = 0; s < stations; s++) {
            if (!firmware[ac][s].isEmpty() || host.session(s, tidOfAc[ac]).hasWork()) {
                return true;
            }
        }
        return false;
    }

    /** Round robin over the stations with frames or retries in this AC. */
    @Override
    public final Ppdu startTxop(int ac, long now) {
        return nextPpdu(ac, PpduBuilder.NO_LIMIT, now);
    }

    /** TXOP bursting: the next station's PPDU, built to fit in the rest of the TXOP. */
    @Override
    public final Ppdu continueTxop(int ac, long remainingNs, long now) {
        return nextPpdu(ac, remainingNs, now);
    }

    private Ppdu nextPpdu(int ac, long maxExchangeNs, long now) {
        int tid = tidOfAc[ac];
        for (int i = 0; i < stations; i++) {
            int s = (cursor[ac] + i) % stations;
            PacketFifo fifo = firmware[ac][s];
            if (fifo.isEmpty() && !host.session(s, tid).hasWork()) {
                continue;
            }
            cursor[ac] = (s + 1) % stations;
            Ppdu ppdu = ppdus[ac];
            host.build(ppdu, s, tid, ac, sources[ac][s], maxExchangeNs, now);
            if (!ppdu.isEmpty()) {
                return ppdu;
            }
        }
        return null;
    }

    @Override
    public final int heldFor(int station) {
        int n = 0;
        for (int ac = 0; ac < 4; ac++) {
            n += firmware[ac][station].packets();
        }
        return n;
    }

    /** The firmware serves the stations' retries itself when it builds their A-MPDUs; they are not TXQ work. */
    @Override
    public final boolean retriesAreTxqWork() {
        return false;
    }
}
