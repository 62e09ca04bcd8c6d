package org.jgwire.codec.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Completing a filter as it is typed: fields, protocols, a protocol's header fields, a field's known values. */
class FilterCompletionTest {
    private static final FilterCompletion.Values NONE = field -> List.of();

    @Test
    void completesAProtocolsHeaderFieldAfterItsNameAndADot() throws Exception {
        FilterCompletion.Completion c = FilterCompletion.at("src == \"A\" && gms.ty", 21, NONE);
        assertEquals(14, c.start());
        assertEquals(List.of("gms.type"), c.candidates());
        // every candidate is one the parser accepts
        for (String f : c.candidates()) RecordFilter.compile(f + " == VIEW");
    }

    @Test
    void completesProtocolNamesAndRecordFieldsByPrefixWithoutCase() throws Exception {
        List<String> nak = FilterCompletion.at("nak", 3, NONE).candidates();
        assertTrue(nak.containsAll(List.of("NAKACK2", "NAKACK4")), nak.toString());
        assertTrue(nak.stream().allMatch(n -> n.toLowerCase().startsWith("nak")), nak.toString());
        List<String> src = FilterCompletion.at("sr", 2, NONE).candidates();
        assertTrue(src.contains("src"), src.toString());
        for (String f : src) RecordFilter.compile(f); // a field alone: whether the record has it
        assertEquals(List.of(), FilterCompletion.at("src == \"A\" ", 11, NONE).candidates(), "nothing typed");
    }

    @Test
    void completesAValueAfterAComparisonFromTheValuesGiven() {
        Map<String, List<String>> known = Map.of("gms.type", List.of("VIEW", "JOIN_REQ", "VIEW_ACK"));
        FilterCompletion.Values values = f -> known.getOrDefault(f, List.of());
        FilterCompletion.Completion c = FilterCompletion.at("gms.type == VI", 14, values);
        assertEquals(12, c.start());
        assertEquals(List.of("VIEW", "VIEW_ACK"), c.candidates());
        assertEquals(
                List.of("JOIN_REQ", "VIEW", "VIEW_ACK"),
                FilterCompletion.at("gms.type != ", 12, values).candidates());
        FilterCompletion.Completion quoted = FilterCompletion.at("gms.type == \"VIEW_", 18, values);
        assertEquals(13, quoted.start(), "after the opening quote");
        assertEquals(List.of("VIEW_ACK"), quoted.candidates());
    }
}
