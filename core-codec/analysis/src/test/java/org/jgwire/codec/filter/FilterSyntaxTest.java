package org.jgwire.codec.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FilterSyntaxTest {
    private static FilterSyntaxException failure(String expression) {
        return assertThrows(FilterSyntaxException.class, () -> RecordFilter.compile(expression));
    }

    @Test
    void unknownFieldNamesItsPositionAndTheNearestName() {
        FilterSyntaxException e = failure("frame > 3 && nakak2.seqno == 5");
        assertEquals(13, e.position());
        assertTrue(e.reason().contains("'nakak2'") && e.reason().contains("did you mean 'NAKACK2'"), e.reason());
        FilterSyntaxException f = failure("fram == 1");
        assertTrue(f.reason().contains("did you mean 'frame'"), f.reason());
    }

    @Test
    void misspeltHeaderFieldIsRefusedWithTheNearestFieldOfThatProtocol() {
        FilterSyntaxException e = failure("gms.tpye == VIEW");
        assertEquals(4, e.position());
        assertTrue(e.reason().contains("'tpye'") && e.reason().contains("did you mean 'type'"), e.reason());
        FilterSyntaxException f = failure("nakack2.seqnum > 0");
        assertTrue(f.reason().contains("NAKACK2") && f.reason().contains("did you mean 'seqno'"), f.reason());
        FilterSyntaxException g = failure("jgroups.unicast3.conn_di > 0");
        assertTrue(g.reason().contains("did you mean 'conn_id'"), g.reason());
    }

    @Test
    void unknownFlagIsRefusedAlsoWhenNegated() {
        for (String expr : new String[] {"flags.OOBB", "!flags.OOBB", "jgroups.msg.flags.oobb"}) {
            FilterSyntaxException e = failure(expr);
            assertTrue(e.reason().contains("unknown flag") && e.reason().contains("did you mean 'OOB'"), e.reason());
        }
        FilterSyntaxException e = failure("flags.WHATEVER");
        assertTrue(e.reason().contains("DONT_BUNDLE") && e.reason().contains("NO_RELIABILITY"), e.reason());
    }

    @Test
    void knownFieldsAndFlagsCompileWithoutRegardToCase() throws FilterSyntaxException {
        RecordFilter.compile("GMS.TYPE == VIEW && nakack2.SeqNo > 0 && flags.dont_bundle && !flags.no_fc");
        RecordFilter.compile("jgroups.frag.frag_id == 1 && jgroups.ping.cluster_name == c");
    }

    @Test
    void pointerPutsTheCaretUnderThePosition() {
        FilterSyntaxException e = failure("gms.type = VIEW");
        assertEquals(9, e.position());
        assertEquals("gms.type = VIEW\n         ^", e.pointer());
        assertTrue(e.reason().contains("=="), e.reason());
    }

    @Test
    void unknownSubfieldListsTheKnownOnes() {
        FilterSyntaxException e = failure("payload.size > 10");
        assertEquals(8, e.position());
        assertTrue(e.reason().contains("payload.length"), e.reason());
    }

    @Test
    void aFieldWithoutPartsSaysSo() {
        FilterSyntaxException e = failure("src.name == A");
        assertEquals(3, e.position());
        assertTrue(e.reason().contains("'src' has no parts"), e.reason());
    }

    @Test
    void literalsMustFitTheFieldsType() {
        assertEquals(9, failure("frame == abc").position());
        assertEquals(10, failure("version < \"five\"").position());
        assertEquals(4, failure("src < \"A\"").position());
        assertEquals(5, failure("view == VIEW").position());
        assertEquals(17, failure("nakack2.seqno >= x").position());
        assertEquals(8, failure("time >= tomorrow").position());
        assertEquals(11, failure("flag_names < OOB").position());
    }

    @Test
    void structuralErrorsPointAtTheToken() {
        assertEquals(0, failure("").position());
        assertEquals(15, failure("(NAKACK2 || GMS").position(), "the end, where ')' is missing");
        assertEquals(8, failure("NAKACK2 GMS").position());
        assertEquals(12, failure("frame in {1 ").position());
        assertEquals(9, failure("type in {}").position());
        assertEquals(11, failure("cluster == \"abc").position(), "the opening quote");
        assertEquals(6, failure("frame & 1").position());
        assertEquals(9, failure("frame == ").position());
    }

    /** A word that is no name of an enumerated field would match nothing, silently: refused with the nearest. */
    @Test
    void misspeltValueOfAnEnumeratedFieldIsRefusedWithTheNearestName() {
        FilterSyntaxException e = failure("gms.type == VEIW");
        assertEquals(12, e.position());
        assertTrue(e.reason().contains("'VEIW'") && e.reason().contains("did you mean 'VIEW'"), e.reason());
        FilterSyntaxException set = failure("gms.type in {VIEW, JION_REQ}");
        assertTrue(set.reason().contains("did you mean 'JOIN_REQ'"), set.reason());
        FilterSyntaxException plugin = failure("jgroups.nakack2.type != XMIT_REQQ");
        assertTrue(plugin.reason().contains("did you mean 'XMIT_REQ'"), plugin.reason());
        FilterSyntaxException message = failure("type == BYTSE");
        assertTrue(message.reason().contains("did you mean 'BYTES'"), message.reason());
        FilterSyntaxException ping = failure("ping.type == \"GET_MBRS\"");
        assertTrue(ping.reason().contains("known: GET_MBRS_REQ, GET_MBRS_RSP"), ping.reason());
        FilterSyntaxException far = failure("merge3.type == WHATEVER");
        assertTrue(far.reason().contains("known: INFO, VIEW_REQ, VIEW_RSP"), far.reason());
    }

    @Test
    void namesCodesAndOtherOperatorsOfEnumeratedFieldsAreAccepted() throws Exception {
        RecordFilter.compile("gms.type == view || gms.type in {JOIN_REQ, 6} || unicast3.type == DATA");
        RecordFilter.compile("type == REGISTER || type != BYTES");
        RecordFilter.compile("gms.type contains VIE || gms.type matches \"^JOIN\"");
        RecordFilter.compile("ping.cluster_name == whatever"); // not enumerated
    }

    @Test
    void badRegularExpressionIsASyntaxError() {
        FilterSyntaxException e = failure("payload.text matches \"a(b\"");
        assertTrue(e.reason().contains("regular expression"), e.reason());
        assertTrue(e.position() >= 21, "position " + e.position());
    }

    @Test
    void everyProtocolOfTheListIsAcceptedAndNoFieldShadowsOne() throws Exception {
        for (String p : ProtocolNames.all()) {
            RecordFilter.compile(p);
            for (String field : FilterVocabulary.bundled().fieldsOf(p))
                RecordFilter.compile(p.toLowerCase() + "." + field + " == 1");
            assertEquals(null, RecordFields.get(p.toLowerCase()), "field shadows protocol " + p);
        }
    }
}
