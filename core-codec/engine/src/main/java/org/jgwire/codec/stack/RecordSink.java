package org.jgwire.codec.stack;

import java.util.function.Consumer;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/** Where a stage of the stack step hands records on, with the bytes the next stage may need to read from them. */
public interface RecordSink {
    /** A record; {@code buf[off]} is where its offsets count from, {@code buf} null when no bytes are in hand. */
    void accept(Record r, byte[] buf, int off);

    /** A message rebuilt by a stage (reassembled from byte ranges) whose whole payload is {@code payload}. */
    void acceptRebuilt(MessageRecord m, byte[] payload);

    /** A sink that only takes the records (for callers that need no later stage). */
    static RecordSink of(Consumer<Record> out) {
        return new RecordSink() {
            @Override
            public void accept(Record r, byte[] buf, int off) {
                out.accept(r);
            }

            @Override
            public void acceptRebuilt(MessageRecord m, byte[] payload) {
                out.accept(m);
            }
        };
    }
}
