package org.jgwire.adapter.classic;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.jgroups.Address;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;

/** Decoding helpers for the shared tests. */
final class Decoded {
    static final FrameInfo FRAME = new FrameInfo(1, -1, null, null, Transport.UDP);

    static List<Record> transport(byte[] frame) {
        return TestFamily.adapter().decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME);
    }

    static MessageRecord message(Record r) {
        return assertInstanceOf(MessageRecord.class, r, () -> "expected a message, got " + r);
    }

    static ErrorRecord error(Record r) {
        return assertInstanceOf(ErrorRecord.class, r, () -> "expected an error, got " + r);
    }

    /** The standard 8-4-4-4-12 form, as the jar itself prints it. */
    static String id(Address a) {
        return ((UUID) a).toStringLong();
    }

    static long count(List<Record> records, Class<? extends Record> type) {
        return records.stream().filter(type::isInstance).count();
    }

    private Decoded() {}
}
