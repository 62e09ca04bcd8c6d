package org.jgwire.gui.app;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;

/**
 * Writes records as JSON Lines. The writer belongs to the command line ({@code jgwire decode --format jsonl}), which
 * hands it to the viewer when it launches it, so that both write the same bytes.
 */
@FunctionalInterface
public interface RecordExport {
    /** Writes {@code records} in order; {@code names} holds the logical names known at the end of the capture. */
    void write(List<Record> records, NameTable names, OutputStream out) throws IOException;
}
