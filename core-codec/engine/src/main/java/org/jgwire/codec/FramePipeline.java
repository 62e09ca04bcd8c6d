package org.jgwire.codec;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * Frames decoded by their jars on a pool of threads, their records handed back in capture order on the decoding
 * thread. Only the jar's work runs on the pool: what learns from the frames in order (the choice of jar, fragment
 * reassembly, views, the endpoints that carry JGroups) stays on the decoding thread, so the records are those of a
 * decode on one thread. Bounded by frames and by bytes in flight, so memory stays flat whatever the capture.
 */
final class FramePipeline implements AutoCloseable {
    /** A frame handed to the pool: its bytes, and what the decoding thread needs back with its records. */
    record InFlight(Future<List<Record>> records, byte[] buf, int off, int len, long unit, Object context) {}

    /** What the decoding thread does with a frame's records, in capture order. */
    @FunctionalInterface
    interface Delivery {
        void deliver(InFlight frame, List<Record> records);
    }

    private final ExecutorService pool;
    private final Delivery delivery;
    private final ArrayDeque<InFlight> queue = new ArrayDeque<>();
    private final int maxFrames;
    private final long maxBytes;
    private long bytes;
    /** A frame's records are being delivered: what they emit belongs to it, no other frame may come first. */
    private boolean delivering;

    FramePipeline(int threads, long maxBytes, Delivery delivery) {
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "jgwire-decode");
            t.setDaemon(true);
            return t;
        });
        this.delivery = delivery;
        this.maxFrames = 8 * threads;
        this.maxBytes = maxBytes;
    }

    /** Whether a frame of {@code len} bytes may go to the pool; a larger one is decoded in place, after a drain. */
    boolean takes(int len) {
        return len <= maxBytes / 2;
    }

    long bytesInFlight() {
        return bytes;
    }

    /**
     * Hands a frame to the pool; first delivers the oldest frames while the pipeline is full, and after, those
     * already decoded, so records keep flowing. {@code buf[off, off + len)} must stay as it is until the frame is
     * delivered: a buffer its producer reuses is copied first.
     */
    void submit(VersionRuntime.ChosenDecode decode, byte[] buf, int off, int len, long unit, Object context) {
        while (!queue.isEmpty() && (queue.size() >= maxFrames || bytes + len > maxBytes)) deliverOldest();
        queue.add(new InFlight(pool.submit(() -> decode.decode(buf, off, len)), buf, off, len, unit, context));
        bytes += len;
        while (!queue.isEmpty() && queue.peek().records().isDone()) deliverOldest();
    }

    /** Delivers every frame handed in: before anything the decoding thread emits or decides on its own. */
    void drain() {
        while (!delivering && !queue.isEmpty()) deliverOldest();
    }

    private void deliverOldest() {
        InFlight f = queue.poll();
        bytes -= f.len();
        delivering = true;
        try {
            delivery.deliver(f, result(f));
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

    /** Forgets the frames in flight (a stopped decode). */
    void discard() {
        for (InFlight f : queue) f.records().cancel(false);
        queue.clear();
        bytes = 0;
    }

    @Override
    public void close() {
        discard();
        pool.shutdownNow();
    }
}
