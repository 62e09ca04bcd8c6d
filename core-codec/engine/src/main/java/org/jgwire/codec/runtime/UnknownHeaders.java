package org.jgwire.codec.runtime;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;

/**
 * Headers that no class of the jar or of its protocol jars reads, for one adapter. Their message is kept as far as
 * it was read, the header shown unread; the first header of each protocol and magic id is also an error, a later one
 * not again (a capture of a protocol no jar knows would otherwise give one per message). Shared by the threads of
 * one adapter.
 */
public final class UnknownHeaders {
    private volatile ProtocolJarFacts facts = ProtocolJarFacts.NONE;
    private final Set<Integer> reported = ConcurrentHashMap.newKeySet();

    /** What the protocol jars registered; set once, before any frame. */
    public void facts(ProtocolJarFacts f) {
        facts = f;
    }

    public ProtocolJarFacts facts() {
        return facts;
    }

    /** Whether this is the first unreadable header of the pair: the one that gets the error. */
    public boolean first(short protocolId, short magic) {
        return reported.add((protocolId & 0xFFFF) << 16 | magic & 0xFFFF);
    }

    /** What the error (and the unread header's text) says: {@link HeaderProblems#unknownMagicText}. */
    public String text(int index, short magic, String protocol, String jar) {
        return HeaderProblems.unknownMagicText(index, magic, protocol, jar, facts);
    }

    /**
     * The error after the message of an unread header, or null: the first of its pair is one; and what follows the
     * message in its frame cannot be found without the header's length, which is one too.
     */
    public static String problem(String text, boolean first, boolean lastInFrame) {
        if (lastInFrame) return first ? text : null;
        return first
                ? text + "; the rest of the frame cannot be read past it"
                : "the rest of the frame cannot be read past " + text;
    }

    /** The unread header of a message; {@code offset} counts from the frame's first byte. */
    public static HeaderRecord unread(short protocolId, String protocol, short magic, String text, int offset) {
        return new HeaderRecord(
                protocolId, protocol, magic, HeaderClass.UNKNOWN, List.of(), "not read: " + text, offset, -1);
    }
}
