package org.jgwire.wireshark.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LuaWriterTest {
    @Test
    void escapesQuotesBackslashesControlAndNonAsciiBytes() {
        // hand-derived: " and \ escaped, newline (10) and é (UTF-8 195 169) as decimal escapes
        assertEquals("\"a\\\"b\\\\c\\010\\195\\169\"", LuaWriter.string("a\"b\\c\né"));
        assertEquals("nil", LuaWriter.string(null));
    }

    @Test
    void keysAreBareNamesOnlyWhenLuaAllowsThem() {
        assertEquals("seqno", LuaWriter.key("seqno"));
        assertEquals("[\"gms.type\"]", LuaWriter.key("gms.type"));
        assertEquals("[\"end\"]", LuaWriter.key("end"));
        assertEquals("[57]", LuaWriter.key(57));
        assertEquals("[-1]", LuaWriter.key(-1));
    }

    @Test
    void writesNestedTablesWithCommasBetweenEntries() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, "JOIN_REQ");
        m.put(5, "VIEW");
        LuaWriter w = new LuaWriter()
                .open(null)
                .entry("a", 1)
                .inline("b", "x", 2, true)
                .map("c", m)
                .open("d")
                .close()
                .close();
        assertEquals(
                "{\n    a = 1,\n    b = {\"x\", 2, true},\n"
                        + "    c = {[1] = \"JOIN_REQ\", [5] = \"VIEW\"},\n    d = {}\n}",
                w.toString());
    }

    @Test
    void refusesValuesThatAreNoLuaLiteral() {
        assertThrows(IllegalArgumentException.class, () -> LuaWriter.literal(new Object()));
    }
}
