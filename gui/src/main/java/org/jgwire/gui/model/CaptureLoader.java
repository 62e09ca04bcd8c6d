package org.jgwire.gui.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;

/**
 * Decodes one capture on a background thread and hands the rows over in batches through {@code fx} (the FX
 * thread in the viewer), at most about every 100 ms, so that the table fills while the capture loads and stays
 * usable. The decoding itself is core-codec's {@link Decoder}; this class only keeps frame bytes and batches rows.
 */
public final class CaptureLoader {
    /** What the viewer learns while a capture loads; every call comes through the executor given to the loader. */
    public interface Listener {
        /**
         * More rows, and the FRAG2/FRAG3/FRAG4 fragments that came on the wire meanwhile ({@link Decoder#fragmentTap},
         * for the traffic statistics); {@code names} is a fresh copy of the name table when it changed, else null.
         */
        void rows(List<Row> rows, List<MessageRecord> fragments, NameTable names, double progress);

        /** The end: the summary, or the failure that stopped reading (what was handed over stays valid). */
        void finished(DecodeSummary summary, Exception failure);

        /**
         * Called on the loading thread with each batch just before {@link #rows} hands it over: the work on all the
         * rows (the analyses) goes here, so that the FX thread only shows them and stays free for the user.
         */
        default void analyse(List<Row> rows, List<MessageRecord> fragments) {}

        /** Called on the loading thread after the last batch was analysed, before {@link #finished}. */
        default void analysed() {}
    }

    private static final long HAND_OVER_NANOS = 100_000_000L;
    private static final int MAX_BATCH = 50_000;

    private final DecodeOptions options;
    private final FrameStore frames;
    private final Executor fx;
    private final Listener listener;
    private volatile boolean cancelled;
    private Thread thread;

    public CaptureLoader(DecodeOptions options, FrameStore frames, Executor fx, Listener listener) {
        this.options = options;
        this.frames = frames;
        this.fx = fx;
        this.listener = listener;
    }

    /** Starts decoding {@code source} on a daemon thread; the source is closed at the end. */
    public void start(CaptureSource source, long expectedBytes) {
        thread = new Thread(() -> run(source, expectedBytes), "jgwire-loader");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops at the next record; the rows handed over so far stay. */
    public void cancel() {
        cancelled = true;
    }

    /** Waits for the loading thread to end (tests). */
    public void join() throws InterruptedException {
        if (thread != null) thread.join();
    }

    private void run(CaptureSource raw, long expectedBytes) {
        ProgressSource source = new ProgressSource(raw, expectedBytes);
        Batcher batcher = new Batcher(source);
        // A live capture may go quiet with rows in hand: a timer hands them over too.
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jgwire-loader-timer");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(() -> batcher.handOver(false), 100, 100, TimeUnit.MILLISECONDS);
        DecodeSummary summary = null;
        Exception failure = null;
        try (CaptureSource s = source;
                Decoder decoder = new Decoder(options)) {
            decoder.tapFrames(batcher::frame);
            decoder.tapPackets(p -> frames.appendPacket(p.number(), p.data()));
            decoder.fragmentTap(batcher::fragment);
            summary = decoder.decode(source, new NameStage(batcher.names, batcher::record));
        } catch (Cancelled e) {
            // rows so far stay
        } catch (IOException | RuntimeException e) {
            failure = e;
        } finally {
            timer.shutdownNow();
        }
        batcher.handOver(true);
        listener.analysed();
        DecodeSummary s = summary;
        Exception f = failure;
        fx.execute(() -> listener.finished(s, f));
    }

    private static final class Cancelled extends RuntimeException {
        Cancelled() {
            super(null, null, false, false);
        }
    }

    /** Pairs records with the frame they came from and cuts the stream into batches. */
    private final class Batcher {
        private final ProgressSource source;
        /** Learnt into by the names stage in front of {@link #record}; a copy goes to the viewer when it changed. */
        final NameTable names = new NameTable();

        private long namesHandedOver;
        private List<Row> batch = new ArrayList<>();
        private List<MessageRecord> fragments = new ArrayList<>();
        private long lastHandOver = System.nanoTime();
        private int number;
        private FrameInfo frameInfo;
        private int frameIndex = -1;

        Batcher(ProgressSource source) {
            this.source = source;
        }

        void frame(FrameInfo info, byte[] buf, int off, int len) {
            frameInfo = info;
            frameIndex = frames.append(buf, off, len);
        }

        synchronized void fragment(MessageRecord m) {
            fragments.add(m);
        }

        synchronized void record(Record r) {
            if (cancelled) throw new Cancelled();
            // Records of a frame follow its tap call; other errors (network layer, stream gaps) have no bytes.
            // A message reassembled from fragments has its offsets in the reassembled bytes, not in any one frame.
            FrameInfo f = r.frame();
            boolean reassembled = r instanceof MessageRecord m && m.isReassembled();
            int index = !reassembled && (f == frameInfo || f != null && f.equals(frameInfo)) ? frameIndex : -1;
            batch.add(new Row(++number, index, r));
            handOver(false);
        }

        synchronized void handOver(boolean last) {
            long now = System.nanoTime();
            if (!last && (batch.isEmpty() || batch.size() < MAX_BATCH && now - lastHandOver < HAND_OVER_NANOS)) return;
            lastHandOver = now;
            List<Row> rows = batch;
            batch = new ArrayList<>();
            List<MessageRecord> wire = fragments;
            fragments = new ArrayList<>();
            NameTable copy = names.changes() != namesHandedOver ? names.copy() : null;
            namesHandedOver = names.changes();
            double progress = last ? 1.0 : source.progress();
            listener.analyse(rows, wire);
            fx.execute(() -> listener.rows(rows, wire, copy, progress));
        }
    }
}
