package org.jgwire.output;

/**
 * ASCII bytes seen as characters, so a writer appends a payload's text to its line without making a
 * {@code String} of it first. One view per writer, pointed at each payload in turn.
 */
final class AsciiChars implements CharSequence {
    private byte[] bytes;
    private int from, to;

    /** Points at {@code bytes[from, to)}; returns this. */
    AsciiChars of(byte[] bytes, int from, int to) {
        this.bytes = bytes;
        this.from = from;
        this.to = to;
        return this;
    }

    @Override
    public int length() {
        return to - from;
    }

    @Override
    public char charAt(int index) {
        return (char) bytes[from + index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new AsciiChars().of(bytes, from + start, from + end);
    }

    @Override
    public String toString() {
        return new String(bytes, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
