package org.jgwire.codec.merge;

import java.io.IOException;

/** One capture to merge: read twice, a first part for the clocks and then the whole for the merge. */
public interface CaptureInput {
    /** The capture's label in observations and reports (its file name). */
    String label();

    /** Its records from the start, decoded anew. */
    RecordStream open() throws IOException;
}
