package org.jgwire.codec.runtime;

import java.io.EOFException;
import org.jgwire.codec.model.ProblemKind;

/**
 * The problems of a header the jar cannot read ({@code protocol id, magic id, body}), worded alike in every family.
 * Headers count from 1 in the message, as messages do in a list; the magic id is shown as the u16 on the wire.
 */
public final class HeaderProblems {
    private HeaderProblems() {}

    /**
     * The magic id names no class the jar knows.
     *
     * @param index    the header's place in the message, from 0
     * @param magicAt  where the magic id is in the buffer
     * @param protocol the protocol the header's protocol id names
     * @param jar      the JGroups jar, e.g. {@code 5.5.7.Final}
     */
    public static FrameProblem unknownMagic(int index, short magic, String protocol, String jar, int magicAt) {
        return unknownMagic(index, magic, protocol, jar, magicAt, ProtocolJarFacts.NONE);
    }

    /**
     * As {@link #unknownMagic(int, short, String, String, int)}, naming a well-known third-party class by its id and
     * saying why a protocol jar's class for it could not be registered.
     */
    public static FrameProblem unknownMagic(
            int index, short magic, String protocol, String jar, int magicAt, ProtocolJarFacts facts) {
        return new FrameProblem(
                ProblemKind.UNKNOWN_CLASS, magicAt, unknownMagicText(index, magic, protocol, jar, facts));
    }

    /** The text of {@link #unknownMagic}: also a header record's text where the header is shown unread. */
    public static String unknownMagicText(int index, short magic, String protocol, String jar, ProtocolJarFacts facts) {
        int id = magic & 0xFFFF;
        String known = ThirdPartyIds.magic(id), failure = facts.failures().get(magic);
        String text = "header " + (index + 1) + " (protocol " + protocol + "): magic id " + id
                + (known != null ? " (" + known + ")" : "");
        if (failure != null) return text + " could not be registered: " + failure;
        return text + " is unknown to JGroups " + jar
                + (known != null ? " and to the protocol jars loaded (give its jar with --protocol-jar)" : "");
    }

    /** The header's body runs past the end of the frame; {@code start} is where its protocol id is. */
    public static FrameProblem cutShort(
            int index, Object header, short magic, String protocol, int start, EOFException e) {
        return new FrameProblem(
                ProblemKind.TRUNCATED,
                start,
                which(index, header, magic, protocol) + " is cut short: " + e.getMessage());
    }

    /**
     * The header's class rejects its body: a class the bytes name that the jar lacks is an unknown class, anything
     * else malformed bytes (an {@code OutOfMemoryError} from a garbage length included).
     */
    public static FrameProblem unreadable(
            int index, Object header, short magic, String protocol, int start, Throwable t) {
        ProblemKind kind = t instanceof ClassNotFoundException ? ProblemKind.UNKNOWN_CLASS : ProblemKind.MALFORMED;
        return new FrameProblem(kind, start, which(index, header, magic, protocol) + " cannot be read: " + t);
    }

    private static String which(int index, Object header, short magic, String protocol) {
        return "header " + (index + 1) + " " + header.getClass().getSimpleName() + " (magic id " + (magic & 0xFFFF)
                + ", protocol " + protocol + ")";
    }
}
