package org.jgwire.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Strings that need escaping or hold non-ASCII characters, written by Jackson's own generator (its
 * {@code writeString(String)}), so they come out exactly as before the JSON writer wrote bytes itself. Rare in
 * captures: payload text and error messages are nearly always plain ASCII.
 */
final class JacksonStrings {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private final OutputBuffer side = new OutputBuffer(256);
    private JsonGenerator gen;

    /** Appends {@code s} quoted, as a root-level {@code writeString} writes it. */
    void write(String s, OutputBuffer buf) {
        try {
            if (gen == null) {
                gen = FACTORY.createGenerator(side, JsonEncoding.UTF8);
                gen.setRootValueSeparator(null);
            }
            gen.writeString(s);
            gen.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buf.write(side.bytes, 0, side.size);
        side.reset();
    }
}
