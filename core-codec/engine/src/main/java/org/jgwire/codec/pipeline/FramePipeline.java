package org.jgwire.codec.pipeline;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * Capture order for everything a decode delivers: frames, and the records and decisions found between them. On one
 * thread each is delivered as soon as it is found. With a pool, the jars decode frames on its threads, and what comes
 * after a frame still decoding (a problem, a stream's end, an FD_SOCK signal) waits in the queue behind it instead of
 * waiting for it: the reading thread reads on. Every delivery runs on the reading thread, so what learns from the
 * frames in order (fragment reassembly, views, the endpoints that carry JGroups) sees what a decode on one thread
 * sees. Bounded by frames and by bytes in flight, so memory stays flat whatever the capture.
 *
 * <p>Each item belongs to a unit (the packet read during which it was found). {@link #stop} during the delivery of
 * a unit ends the decode there: items of later units, read ahead, are delivered to nobody.
 */
final class FramePipeline implements AutoCloseable {
    /** What the decoding thread does with a frame's records, in capture order. */
    @FunctionalInterface
    interface Delivery {
        void deliver(List<Record> records, byte[] buf, int off, Object context);
    }

    /** An item in the queue: a frame (its records, future or decided) or an action ({@code records} null). */
    private record InFlight(Future<List<Record>> records, byte[] buf, int off, int len, long unit, Object context) {
        boolean ready() {
            return records == null || records.isDone();
        }
    }

    private final ExecutorService pool;
    private Delivery delivery;
    private final ArrayDeque<InFlight> queue = new ArrayDeque<>();
    private final int maxFrames;
    private final long maxBytes;
    private long bytes;
    /** An item is being delivered: what it emits belongs to it, no other item may come first. */
    private boolean delivering;

    /** The unit being delivered, and the one during which {@link #stop} came (-1: the stop loses nothing). */
    private long deliveringUnit = -1, stopUnit = -1;
    /** Past the last packet: a stop lets the decode finish, as on one thread. */
    private boolean finishing;

    private volatile boolean stopped;

    /**
     * @param threads  decoding threads besides the reading one; 1: no pool, every frame decoded in place
     * @param maxBytes bytes of frames in flight at most
     */
    FramePipeline(int threads, long maxBytes) {
        this.pool = threads > 1
                ? Executors.newFixedThreadPool(threads, r -> {
                    Thread t = new Thread(r, "jgwire-decode");
                    t.setDaemon(true);
                    return t;
                })
                : null;
        this.maxFrames = 8 * threads;
        this.maxBytes = maxBytes;
    }

    /** Where the frames go; before the first. */
    void deliverTo(Delivery delivery) {
        this.delivery = delivery;
    }

    /** Whether a frame of {@code len} bytes may go to the pool; a larger one is decoded in place, after a drain. */
    boolean takes(int len) {
        return pool != null && len <= maxBytes / 2;
    }

    long bytesInFlight() {
        return bytes;
    }

    /**
     * Decodes a frame and delivers its records, now, or on a pool once the items before it are delivered: first
     * delivers the oldest while the queue is full, and after, those already decoded, so records keep flowing.
     *
     * @param owned {@code buf[off, off + len)} stays as it is until delivered (a datagram's own bytes); other
     *              buffers, which their producer reuses, are copied before going to the pool
     */
    void frame(VersionRuntime.ChosenDecode decode, byte[] buf, int off, int len, boolean owned, long unit, Object ctx) {
        if (!takes(len)) {
            drain();
            if (enter(unit)) delivery.deliver(decode.decode(buf, off, len), buf, off, ctx);
            return;
        }
        byte[] b = owned ? buf : Arrays.copyOfRange(buf, off, off + len);
        int o = owned ? off : 0;
        while (!queue.isEmpty() && (queue.size() >= maxFrames || bytes + len > maxBytes)) deliverOldest();
        queue.add(new InFlight(pool.submit(() -> decode.decode(b, o, len)), b, o, len, unit, ctx));
        bytes += len;
        while (!queue.isEmpty() && queue.peek().ready()) deliverOldest();
    }

    /** A frame decoded already (an MPING datagram, whose layout only a decode confirms): delivered in its turn. */
    void decided(List<Record> records, byte[] buf, int off, long unit, Object ctx) {
        if (queue.isEmpty() || delivering) {
            if (enter(unit)) delivery.deliver(records, buf, off, ctx);
        } else {
            makeRoom();
            queue.add(new InFlight(CompletableFuture.completedFuture(records), buf, off, 0, unit, ctx));
        }
    }

    /** Runs {@code action} in its turn: now when nothing is in flight, else once the items before it are delivered. */
    void inTurn(long unit, Runnable action) {
        if (queue.isEmpty() || delivering) {
            if (enter(unit)) action.run();
        } else {
            makeRoom();
            queue.add(new InFlight(null, null, 0, 0, unit, action));
        }
    }

    /** Delivers every item in the queue: before anything the decoding thread decides that needs all before it. */
    void drain() {
        while (!delivering && !queue.isEmpty()) deliverOldest();
    }

    /**
     * Ends the decode after the unit being delivered, without reporting what is held. With items read ahead, those
     * of later units are delivered to nobody; past the last packet, the decode finishes as on one thread.
     */
    void stop() {
        stopUnit = pool != null && !finishing ? deliveringUnit : -1;
        stopped = true;
    }

    boolean stopped() {
        return stopped;
    }

    /** The unit during which the decode was stopped with items read ahead of it, or -1. */
    long stopUnit() {
        return stopUnit;
    }

    /** Past the last packet: what comes now is the end of open streams and fragment sets. */
    void finishing() {
        finishing = true;
    }

    /** Whether a record emitted now is delivered: not when it belongs to a unit read ahead of the stopping one. */
    boolean delivers() {
        return !(stopped && stopUnit >= 0 && deliveringUnit != stopUnit);
    }

    /** The queue is bounded, whatever waits in it: a full one delivers its oldest first. */
    private void makeRoom() {
        while (queue.size() >= maxFrames) deliverOldest();
    }

    private boolean enter(long unit) {
        if (stopped && stopUnit >= 0 && unit != stopUnit) return false;
        deliveringUnit = unit;
        return true;
    }

    private void deliverOldest() {
        InFlight f = queue.poll();
        bytes -= f.len();
        delivering = true;
        try {
            if (f.records() == null) {
                if (enter(f.unit())) ((Runnable) f.context()).run();
            } else {
                List<Record> records = result(f);
                if (enter(f.unit())) delivery.deliver(records, f.buf(), f.off(), f.context());
            }
        } finally {
            delivering = false;
        }
    }

    private static List<Record> result(InFlight f) {
        try {
            return f.records().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a frame's decode", e);
        } catch (ExecutionException e) { // the runtime never throws but for errors the JVM cannot recover from
            Throwable cause = e.getCause();
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException("decoding a frame failed: " + cause, cause);
        }
    }

    @Override
    public void close() {
        for (InFlight f : queue) if (f.records() != null) f.records().cancel(false);
        queue.clear();
        bytes = 0;
        if (pool != null) pool.shutdownNow();
    }
}
