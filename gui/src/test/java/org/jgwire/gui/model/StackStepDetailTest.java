package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Inflater;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.api.Test;

/**
 * The detail tree shows what the stack step undid, on real captures of 5.5.7 stacks with COMPRESS and SEQUENCER:
 * the steps, the payload as it travelled (placed on its bytes in the frame) and the payload delivered.
 */
class StackStepDetailTest {
    private static final Path SAMPLES = FrameBytesMatchRecordsTest.SAMPLES.resolve("stack/5.5.7");

    @Test
    void compressedMessagesShowTheWirePayloadOnItsBytesAndTheInflatedOneDelivered() throws Exception {
        try (Loaded loaded = load(SAMPLES.resolve("compress-large.pcapng"))) {
            compressed(loaded);
        }
    }

    private static void compressed(Loaded loaded) throws Exception {
        int checked = 0;
        for (Row row : loaded.rows) {
            if (!(row.record() instanceof MessageRecord m) || m.wirePayload() == null) continue;
            byte[] frame = loaded.frames.read(row.frameIndex(), Integer.MAX_VALUE);
            DetailNode tree = new DetailTreeBuilder(a -> null).build(m, frame, frame.length);
            DetailNode stack = child(tree, "Stack: ");
            assertTrue(stack.label().contains("COMPRESS inflated"), stack.label());
            DetailNode wire = child(stack, "Payload on the wire: ");
            assertTrue(wire.hasRange(), "the compressed payload is in the frame: " + wire);
            // the bytes the node covers, inflated here, are what the tree says was delivered
            Inflater inflater = new Inflater();
            inflater.setInput(Arrays.copyOfRange(frame, wire.start(), wire.start() + wire.length()));
            byte[] delivered = new byte[m.payload().length()];
            assertEquals(delivered.length, inflater.inflate(delivered));
            inflater.end();
            DetailNode payload = child(tree, "Payload delivered: ");
            assertEquals("Payload delivered: " + delivered.length + " bytes", payload.label());
            assertArrayEquals(
                    Arrays.copyOf(delivered, m.payload().head().length),
                    m.payload().head());
            assertTrue(!payload.hasRange(), "an inflated payload is not bytes of the frame");
            checked++;
        }
        assertTrue(checked > 0, "no compressed message in the sample");
    }

    @Test
    void sequencerMessagesShowTheUnwrapping() throws Exception {
        try (Loaded loaded = load(SAMPLES.resolve("sequencer-chat.pcapng"))) {
            assertTrue(unwrapped(loaded) > 0, "no SEQUENCER step shown");
        }
    }

    private static long unwrapped(Loaded loaded) {
        return loaded.rows.stream()
                .filter(r -> r.record() instanceof MessageRecord m
                        && !m.transformed().isEmpty()
                        && child(new DetailTreeBuilder(a -> null).build(m, null, 0), "Stack: ").children().stream()
                                .anyMatch(n -> n.label().startsWith("SEQUENCER unwrapped")))
                .count();
    }

    private static DetailNode child(DetailNode n, String prefix) {
        for (DetailNode c : n.children()) if (c.label().startsWith(prefix)) return c;
        throw new AssertionError("no node '" + prefix + "...' under " + n.label() + ": "
                + n.children().stream().map(DetailNode::label).toList());
    }

    private record Loaded(List<Row> rows, FrameStore frames) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            frames.close();
        }
    }

    private static Loaded load(Path capture) throws Exception {
        List<Row> rows = new ArrayList<>();
        FrameStore frames = new FrameStore();
        CaptureLoader loader = new CaptureLoader(
                DecodeOptions.defaults(TestHome.get()), frames, Runnable::run, new CaptureLoader.Listener() {
                    @Override
                    public void rows(List<Row> batch, List<MessageRecord> fragments, NameTable names, double p) {
                        rows.addAll(batch);
                    }

                    @Override
                    public void finished(DecodeSummary s, Exception failure) {}
                });
        loader.start(InputOpener.open(capture.toString(), InputHints.AUTO), Files.size(capture));
        loader.join();
        return new Loaded(rows, frames);
    }
}
