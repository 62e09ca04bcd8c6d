package org.jgwire.codec.merge;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import org.jgwire.codec.model.Record;

/** The records a stream gave during the warm-up, then the rest of it. */
final class ListStream implements RecordStream {
    private final RecordStream rest;
    private final Deque<Record> first;

    ListStream(RecordStream rest, Deque<Record> first) {
        this.rest = rest;
        this.first = first;
    }

    @Override
    public String label() {
        return rest.label();
    }

    @Override
    public Record next() throws IOException, InterruptedException {
        Record r = first.pollFirst();
        return r != null ? r : rest.next();
    }

    @Override
    public void close() throws IOException {
        rest.close();
    }

    static ListStream of(RecordStream rest) {
        return new ListStream(rest, new ArrayDeque<>());
    }

    /** The next record after those kept: what the warm-up reads. */
    Record nextOfRest() throws IOException, InterruptedException {
        return rest.next();
    }

    Deque<Record> first() {
        return first;
    }
}
