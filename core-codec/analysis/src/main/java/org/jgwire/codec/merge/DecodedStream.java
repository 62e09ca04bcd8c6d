package org.jgwire.codec.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;

/**
 * One capture decoded on a thread of its own, its records handed over in chunks through a short queue: the merge
 * pulls from several at once, and a capture that runs ahead waits (memory stays bounded by the queue).
 */
public final class DecodedStream implements RecordStream {
    private static final int CHUNK = 512;
    private static final int CHUNKS_AHEAD = 8;
    private static final List<Record> END = List.of();

    private final String label;
    private final BlockingQueue<List<Record>> queue = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
    private final Thread thread;
    private final Decoder decoder;
    private Iterator<Record> chunk = List.<Record>of().iterator();
    private volatile DecodeSummary summary;
    private volatile Throwable failure;
    private boolean ended;

    /** Starts decoding {@code source} with {@code decoder}; both are closed when the stream is. */
    public DecodedStream(String label, Decoder decoder, CaptureSource source) {
        this.label = label;
        this.decoder = decoder;
        this.thread = new Thread(() -> decode(source), "decode " + label);
        thread.setDaemon(true);
        thread.start();
    }

    private void decode(CaptureSource source) {
        List<Record> out = new ArrayList<>(CHUNK);
        try (source) {
            List<Record>[] pending = new List[] {out};
            summary = decoder.decode(source, r -> {
                pending[0].add(r);
                if (pending[0].size() == CHUNK) {
                    put(pending[0]);
                    pending[0] = new ArrayList<>(CHUNK);
                }
            });
            if (!pending[0].isEmpty()) put(pending[0]);
        } catch (Throwable t) {
            failure = t;
        } finally {
            try {
                queue.put(END);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void put(List<Record> records) {
        try {
            queue.put(records);
        } catch (InterruptedException e) {
            decoder.stop();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public Record next() throws IOException, InterruptedException {
        while (!chunk.hasNext()) {
            if (ended) return null;
            List<Record> c = queue.take();
            if (c == END) {
                ended = true;
                if (failure instanceof IOException e) throw new IOException(label + ": " + e.getMessage(), e);
                if (failure instanceof RuntimeException e) throw e;
                if (failure instanceof Error e) throw e;
                return null;
            }
            chunk = c.iterator();
        }
        return chunk.next();
    }

    /** What the decode of this capture saw; null before its end. */
    public DecodeSummary summary() {
        return summary;
    }

    @Override
    public void close() throws IOException {
        decoder.stop();
        thread.interrupt();
        decoder.close();
    }
}
