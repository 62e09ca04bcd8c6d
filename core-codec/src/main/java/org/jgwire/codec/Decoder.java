package org.jgwire.codec;

import java.io.IOException;
import java.util.function.Consumer;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.model.Record;

/**
 * The pipeline: capture source, network layer, TCP reassembly and framing, the version runtime, then analysis
 * (logical names, view history), handing every record to the sink in capture order.
 */
public final class Decoder implements AutoCloseable {
    private final DecodeOptions options;

    public Decoder(DecodeOptions options) {
        this.options = options;
    }

    /** Decodes the whole source; damage in the input becomes error records and never stops the run. */
    public DecodeSummary decode(CaptureSource source, Consumer<Record> sink) throws IOException {
        throw new UnsupportedOperationException("wired up in the integration step");
    }

    @Override
    public void close() {}
}
