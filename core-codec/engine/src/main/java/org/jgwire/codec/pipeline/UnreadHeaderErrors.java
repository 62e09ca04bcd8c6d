package org.jgwire.codec.pipeline;

import java.util.HashSet;
import java.util.Set;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.runtime.UnknownHeaders;

/**
 * The error for a header no class reads, once per protocol id and magic id in a decode, after the first message that
 * carries it, in capture order: a capture of a protocol no jar knows would otherwise give one error per message, and
 * none at all would hide it (the adapters show such a header unread, {@link UnknownHeaders}, and keep no state of their
 * own, since warm-ups and jar trials share them). Past {@link #MAX_PAIRS} pairs every such message gets its error.
 */
final class UnreadHeaderErrors {
    static final int MAX_PAIRS = 4096;

    private final Set<Integer> reported = new HashSet<>();

    /** The error to emit after {@code m}, or null. */
    ErrorRecord after(MessageRecord m) {
        if (!m.hasUnreadHeader()) return null;
        for (HeaderRecord h : m.headers()) {
            if (h.length() >= 0 || h.headerClass() != HeaderClass.UNKNOWN) continue;
            int pair = (h.protocolId() & 0xFFFF) << 16 | h.magicId() & 0xFFFF;
            if (reported.contains(pair)) return null;
            if (reported.size() < MAX_PAIRS) reported.add(pair);
            return new ErrorRecord(m.frame(), ProblemKind.UNKNOWN_CLASS, h.offset() + 2, UnknownHeaders.errorText(h));
        }
        return null;
    }
}
