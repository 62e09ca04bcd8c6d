package org.jgwire.codec.filter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What may come next in a filter being typed, for an editor's completion: the word at the caret completed to a
 * record field ({@code src}, {@code view.members}), a protocol name ({@code NAKACK2}), or after {@code PROTOCOL.} one
 * of that protocol's header fields; after a comparison operator, one of the values the caller knows for the field
 * before it (the viewer gives those of the loaded capture). The same vocabulary the filter's parser accepts.
 */
public final class FilterCompletion {
    /** Most candidates offered at once. */
    public static final int MAX = 15;

    /** Values of a field (a record field's path or {@code protocol.field}) the caller knows, for completing values. */
    public interface Values {
        Collection<String> of(String field);
    }

    /**
     * The completion of the word ending at {@code caret}.
     *
     * @param start      where the word to replace starts
     * @param candidates what it may become, in order (empty: nothing to offer)
     */
    public record Completion(int start, List<String> candidates) {}

    private FilterCompletion() {}

    /** The candidates for the word ending at {@code caret} in {@code text}. */
    public static Completion at(String text, int caret, Values values) {
        caret = Math.max(0, Math.min(caret, text.length()));
        int start = caret;
        while (start > 0 && isWordChar(text.charAt(start - 1))) start--;
        String word = text.substring(start, caret);
        String field = fieldBeforeOperator(text, start);
        if (field != null) return new Completion(start, matching(values.of(field), word));
        if (word.isEmpty()) return new Completion(start, List.of());
        int dot = word.lastIndexOf('.');
        List<String> out = new ArrayList<>(matching(RecordFields.paths(), word));
        if (dot > 0) {
            String protocol = ProtocolNames.canonical(word.substring(0, dot));
            if (protocol != null)
                for (String f : matching(FilterVocabulary.bundled().fieldsOf(protocol), word.substring(dot + 1)))
                    out.add(word.substring(0, dot) + "." + f);
        } else out.addAll(matching(ProtocolNames.all(), word));
        return new Completion(start, out.size() > MAX ? List.copyOf(out.subList(0, MAX)) : List.copyOf(out));
    }

    /** The field compared in {@code ... FIELD == } (or !=, <, ...) right before {@code start}, else null. */
    private static String fieldBeforeOperator(String text, int start) {
        int i = start;
        if (i > 0 && text.charAt(i - 1) == '"') i--; // a quoted value begun
        while (i > 0 && text.charAt(i - 1) == ' ') i--;
        int opEnd = i;
        while (i > 0 && "=!<>~".indexOf(text.charAt(i - 1)) >= 0) i--;
        if (i == opEnd) return null;
        while (i > 0 && text.charAt(i - 1) == ' ') i--;
        int end = i;
        while (i > 0 && isWordChar(text.charAt(i - 1))) i--;
        return i < end ? text.substring(i, end) : null;
    }

    private static List<String> matching(Collection<String> known, String prefix) {
        String p = prefix.toLowerCase(Locale.ROOT);
        TreeSet<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String k : known) if (k.toLowerCase(Locale.ROOT).startsWith(p) && !k.equalsIgnoreCase(prefix)) out.add(k);
        return new ArrayList<>(out);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }
}
