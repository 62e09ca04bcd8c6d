package org.jgwire.codec.model;

/**
 * Something that could not be decoded; decoding goes on after it.
 *
 * @param offset byte offset in the frame (or stream, or file) where the problem was found, -1 if none
 */
public record ErrorRecord(FrameInfo frame, ProblemKind problem, long offset, String message) implements Record {
    @Override
    public String kind() {
        return "error";
    }
}
