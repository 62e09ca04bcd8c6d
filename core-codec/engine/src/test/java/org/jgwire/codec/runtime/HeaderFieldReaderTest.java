package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderField;
import org.junit.jupiter.api.Test;

class HeaderFieldReaderTest {
    /** Shaped like NakAckHeader2: a type code with a static namer, a sequence number, an address. */
    static class Base {
        Object sender;
    }

    static final class SeqHeader extends Base {
        byte type;
        long seqno;
        static final int IGNORED = 7;

        SeqHeader(int type, long seqno, Object sender) {
            this.type = (byte) type;
            this.seqno = seqno;
            this.sender = sender;
        }

        static String type2Str(byte t) {
            return t == 1 ? "MSG" : "XMIT_REQ";
        }
    }

    private final HeaderFieldReader reader = new HeaderFieldReader(
            v -> v instanceof StringBuilder b ? "sb:" + b : null, Limits.DEFAULTS.maxHeaderFieldItems());

    @Test
    void readsFieldsSuperclassFirstWithTypeCodesNamed() {
        List<HeaderField> f = reader.read(new SeqHeader(1, 5, null));
        assertEquals(
                List.of(new HeaderField("sender", null), new HeaderField("type", "MSG"), new HeaderField("seqno", 5L)),
                f);
        assertEquals(
                List.of(
                        new HeaderField("sender", "sb:x"),
                        new HeaderField("type", "XMIT_REQ"),
                        new HeaderField("seqno", 6L)),
                reader.read(new SeqHeader(2, 6, new StringBuilder("x"))));
    }

    @Test
    void eachReadGivesTheValuesOfItsOwnHeader() {
        for (long seqno = 1; seqno <= 50; seqno++) {
            List<HeaderField> f = reader.read(new SeqHeader(seqno % 3 == 0 ? 2 : 1, seqno, null));
            assertEquals(seqno % 3 == 0 ? "XMIT_REQ" : "MSG", f.get(1).value());
            assertEquals(seqno, f.get(2).value());
        }
    }

    @Test
    void repeatedPlainValuesShareTheirFieldObject() {
        List<HeaderField> a = reader.read(new SeqHeader(1, 5, null));
        List<HeaderField> b = reader.read(new SeqHeader(1, 6, null));
        assertSame(a.get(0), b.get(0), "null sender");
        assertSame(a.get(1), b.get(1), "type MSG");
        assertNotSame(a.get(2), b.get(2), "another seqno");
        assertEquals(
                Arrays.asList(5L, 6L), Arrays.asList(a.get(2).value(), b.get(2).value()));
    }

    /** Shaped like an AUTH header holding FixedMembershipToken, whose class has no toString of its own. */
    static final class Token {
        java.util.List<String> memberList = new java.util.ArrayList<>();
        String token = "emptyToken";
        Object auth = new Object();
    }

    static final class TokenHeader {
        Token token = new Token();
    }

    @Test
    void anObjectWithoutItsOwnTextShowsItsFieldsNotAnIdentityHash() {
        Object value = reader.read(new TokenHeader()).get(0).value();
        assertEquals("Token{memberList=[], token=emptyToken, auth=Object}", value);
    }
}
