package org.jgwire.adapter.jg5;

import java.nio.charset.StandardCharsets;

/** Names the class at the start of a Java serialization stream by reading its bytes, never by deserializing. */
final class JavaSerialization {
    private JavaSerialization() {}

    /**
     * {@code AC ED 00 05} (magic, version), then {@code TC_OBJECT 73 TC_CLASSDESC 72 u16 length name} or
     * {@code TC_STRING 74}; anything else (proxies, arrays, back references) gives null.
     */
    static String className(byte[] b, int off, int len) {
        // Util.objectToBuffer (ObjectWrapper's bytes) puts its TYPE_SERIALIZABLE byte (51) before the stream
        if (len > 0 && b[off] == 51) {
            off++;
            len--;
        }
        if (len < 5 || (b[off] & 0xFF) != 0xAC || (b[off + 1] & 0xFF) != 0xED) return null;
        int tc = b[off + 4] & 0xFF;
        if (tc == 0x74) return "java.lang.String";
        if (tc != 0x73 || len < 8 || (b[off + 5] & 0xFF) != 0x72) return null;
        int n = (b[off + 6] & 0xFF) << 8 | b[off + 7] & 0xFF;
        if (8 + n > len) return null;
        return new String(b, off + 8, n, StandardCharsets.UTF_8); // modified UTF-8: same for class names
    }
}
