package org.jgwire.codec.merge;

import java.io.IOException;
import org.jgwire.codec.model.Record;

/** One capture's records in capture order, pulled one at a time by the merge. */
public interface RecordStream extends AutoCloseable {
    /** The capture's label in observations and reports (its file name). */
    String label();

    /** The next record, or null at the end. */
    Record next() throws IOException, InterruptedException;

    @Override
    default void close() throws IOException {}
}
