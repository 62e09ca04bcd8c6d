package org.jgwire.wireshark.layout;

import java.util.Map;

/**
 * A layout with the class constants it names resolved to this jar's numbers, the names of its type codes, and
 * per named field what the class's namer answers for every code it does not name (EncryptHeader 4.0+ says
 * {@code "EncryptHeader"} for its plain type 0; the decoder shows that answer too).
 */
public record ResolvedLayout(
        HeaderLayout layout,
        Map<String, Integer> constants,
        Map<String, Map<Integer, String>> valueNames,
        Map<String, String> otherNames) {
    /** The name of a code of a named field as the class gives it, or null when the class names none. */
    public String nameOf(String field, int code) {
        Map<Integer, String> names = valueNames.get(field);
        if (names == null) return null;
        String n = names.get(code);
        return n != null ? n : otherNames.get(field);
    }
}
