package org.jgwire.codec.pipeline;

import java.io.IOException;
import java.nio.file.Path;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * A decode's start-up done ahead, on a thread of its own, while the command line is still being read: the head of
 * the capture (at most {@value #HEAD_PACKETS} packets) is decoded up to its first message, and the records are thrown
 * away. That loads the JGroups jar the capture's first frames need and runs its static initialisers (on a small
 * capture, most of the run), and the jar's adapter then goes to the decoder that asks for it with the same limits
 * ({@link VersionRuntime#lendAdapters}). The records, and what the run reports, are those of a run without it.
 * Nothing is reported from here: the real decode reads the same input and reports what is wrong with it.
 */
public final class DecodeAhead {
    private DecodeAhead() {}

    /** Starts decoding the head of {@code capture} with {@code options} on a daemon thread, and returns it. */
    public static Thread start(Path capture, DecodeOptions options) {
        Thread t = new Thread(() -> run(capture, options), "jgwire-ahead");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Packets read at the most: a capture whose head holds no JGroups message is not read to its end twice. */
    static final int HEAD_PACKETS = 1000;

    private static void run(Path capture, DecodeOptions options) {
        try (CaptureSource source = InputOpener.open(capture.toString(), InputHints.AUTO, options.limits());
                Decoder decoder = new Decoder(options)) {
            decoder.lendAdapters();
            // up to the first message: records of the network layer (a stream's end) come before any jar is loaded
            decoder.decode(head(source), r -> {
                if (r instanceof MessageRecord) decoder.stop();
            });
        } catch (Throwable e) { // even an Error: this thread has no one to report to, and the real decode meets it too
        }
    }

    private static CaptureSource head(CaptureSource source) {
        return new CaptureSource() {
            private int read;

            @Override
            public Captured next() throws IOException {
                return read++ < HEAD_PACKETS ? source.next() : null;
            }

            @Override
            public boolean mayHoldOtherTraffic() {
                return source.mayHoldOtherTraffic();
            }

            @Override
            public void close() throws IOException {
                source.close();
            }
        };
    }
}
