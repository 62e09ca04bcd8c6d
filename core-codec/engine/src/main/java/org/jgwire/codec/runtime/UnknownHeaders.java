package org.jgwire.codec.runtime;

import java.util.List;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;

/**
 * Headers that no class of the jar or of its protocol jars reads, for one adapter: their message is kept as far as
 * it was read, the header shown unread ({@link #unread}), and what follows the message in its frame, which cannot be
 * found without the header's length, is an error. The error for the header itself comes once per protocol and magic
 * id and decode, in capture order, from the pipeline ({@code UnreadHeaderErrors}): an adapter serves several decodes
 * (a warm-up's, jar trials), so it keeps no such state.
 */
public final class UnknownHeaders {
    private volatile ProtocolJarFacts facts = ProtocolJarFacts.NONE;

    /** What the protocol jars registered; set once, before any frame. */
    public void facts(ProtocolJarFacts f) {
        facts = f;
    }

    public ProtocolJarFacts facts() {
        return facts;
    }

    /** What the error (and the unread header's text) says: {@link HeaderProblems#unknownMagicText}. */
    public String text(int index, short magic, String protocol, String jar) {
        return HeaderProblems.unknownMagicText(index, magic, protocol, jar, facts);
    }

    /** The error for what follows a message with an unread header in its frame, or null when nothing does. */
    public static String problem(String text, boolean lastInFrame) {
        return lastInFrame ? null : "the rest of the frame cannot be read past " + text;
    }

    /** The text of an error for an {@link #unread} header: what its record says, without the "not read" mark. */
    public static String errorText(HeaderRecord unread) {
        String t = unread.text();
        return t != null && t.startsWith(NOT_READ) ? t.substring(NOT_READ.length()) : t;
    }

    private static final String NOT_READ = "not read: ";

    /** The unread header of a message; {@code offset} counts from the frame's first byte. */
    public static HeaderRecord unread(short protocolId, String protocol, short magic, String text, int offset) {
        return new HeaderRecord(
                protocolId, protocol, magic, HeaderClass.UNKNOWN, List.of(), NOT_READ + text, offset, -1);
    }
}
