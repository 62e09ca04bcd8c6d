package org.jgwire.output;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.jgwire.codec.model.Record;

/**
 * A sink that prints records. I/O failures surface as {@link UncheckedIOException} (the decoder's sink is a Consumer).
 */
public interface RecordWriter extends Closeable {
    void write(Record r) throws UncheckedIOException;

    void flush() throws IOException;
}
