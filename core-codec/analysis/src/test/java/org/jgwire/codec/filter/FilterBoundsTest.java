package org.jgwire.codec.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.jgwire.codec.model.MessageRecord;
import org.junit.jupiter.api.Test;

/**
 * An expression or a text written to exhaust the filter: nesting is bounded with a syntax error, regular expressions
 * run in time linear in the text, and what RE2 leaves out is named.
 */
class FilterBoundsTest {
    private static FilterSyntaxException failure(String expression) {
        return assertThrows(FilterSyntaxException.class, () -> RecordFilter.compile(expression));
    }

    @Test
    void thousandsOfNestedParenthesesAreASyntaxErrorAtTheFirstLevelTooDeep() {
        FilterSyntaxException e = failure("(".repeat(3000) + "NAKACK2" + ")".repeat(3000));
        assertEquals(FilterParser.MAX_NESTING, e.position(), "the first '(' past the limit");
        assertTrue(e.reason().contains("more than " + FilterParser.MAX_NESTING), e.reason());
    }

    @Test
    void thousandsOfNegationsAreASyntaxErrorWhicheverWayWritten() {
        assertTrue(failure("!".repeat(5000) + "NAKACK2").reason().contains("nested"));
        assertTrue(failure("not ".repeat(5000) + "NAKACK2").reason().contains("nested"));
        assertTrue(failure("!(".repeat(2000) + "NAKACK2" + ")".repeat(2000))
                .reason()
                .contains("nested"));
    }

    @Test
    void nestingUpToTheLimitCompilesAndEvaluates() throws FilterSyntaxException {
        int half = FilterParser.MAX_NESTING / 2;
        MessageRecord r = Records.nakack(1, 5, "x");
        assertTrue(RecordFilter.compile(
                        "(".repeat(FilterParser.MAX_NESTING) + "NAKACK2" + ")".repeat(FilterParser.MAX_NESTING))
                .test(r));
        // an even number of negations: NAKACK2 itself
        assertTrue(RecordFilter.compile("!(".repeat(half) + "NAKACK2" + ")".repeat(half))
                .test(r));
        assertFalse(RecordFilter.compile("!(".repeat(half - 1) + "NAKACK2" + ")".repeat(half - 1))
                .test(r));
    }

    /** A chain of || and && is a loop in the parser and in the evaluation, so its length is not bounded. */
    @Test
    void aLongChainOfOrAndAndIsNotNesting() throws FilterSyntaxException {
        String or = "frame == 0 || ".repeat(20_000) + "frame == 1";
        assertTrue(RecordFilter.compile(or).test(Records.nakack(1, 5, "x")));
        String and = "NAKACK2 && ".repeat(20_000) + "frame == 2";
        assertFalse(RecordFilter.compile(and).test(Records.nakack(1, 5, "x")));
    }

    /**
     * A backtracking engine takes exponential time on these over text the capture's author writes; here each test
     * is one pass. The text is the longest a record keeps as payload text.
     */
    @Test
    void catastrophicPatternsRunInLinearTime() throws FilterSyntaxException {
        MessageRecord r = Records.nakack(1, 5, "a".repeat(256));
        RecordFilter nested = RecordFilter.compile("payload.text matches \"^(.*a){12}b\"");
        RecordFilter alternation = RecordFilter.compile("payload.text matches \"^(a|aa)*c\"");
        RecordFilter repeated = RecordFilter.compile("src matches \"(a*)*b\" || payload.text matches \"(a+)+b\"");
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (int i = 0; i < 100; i++) {
                assertFalse(nested.test(r));
                assertFalse(alternation.test(r));
                assertFalse(repeated.test(r));
            }
        });
        assertTrue(RecordFilter.compile("payload.text matches \"^(.*a){12}$\"").test(r));
    }

    @Test
    void whatRe2LeavesOutIsNamed() {
        String[][] cases = {
            {"^(a*)*\\\\1\\\\1b", "back-references (\\1)"},
            {"(?<n>a)\\\\k<n>", "back-references (\\k)"},
            {"a(?=b)", "look-ahead ((?=...)"},
            {"a(?!b)", "look-ahead ((?!...)"},
            {"(?<=a)b", "look-behind ((?<=...)"},
            {"(?<!a)b", "look-behind ((?<!...)"},
            {"(?>a+)b", "atomic groups"},
            {"a*+b", "possessive quantifiers (*+)"},
            {"a{2}+b", "possessive quantifiers ({2}+)"},
        };
        for (String[] c : cases) {
            FilterSyntaxException e = failure("payload.text matches \"" + c[0] + "\"");
            assertTrue(e.reason().contains(c[1]) && e.reason().contains("not supported"), e.reason());
            assertTrue(e.reason().contains("RE2"), e.reason());
        }
        FilterSyntaxException bad = failure("payload.text matches \"a(b\"");
        assertTrue(bad.reason().contains("missing closing )"), bad.reason());
        assertFalse(bad.reason().contains("not supported"), bad.reason());
    }

    @Test
    void theRefusedConstructIsWhereThePositionPoints() {
        String expression = "payload.text matches \"ab(?=c)\"";
        assertEquals(expression.indexOf("(?="), failure(expression).position());
    }

    @Test
    void re2SyntaxCommonlyUsedCompilesAndMatches() throws FilterSyntaxException {
        MessageRecord r = Records.nakack(1, 5, "Order-17 shipped");
        assertTrue(RecordFilter.compile("payload.text matches \"(?i)^order-\\\\d+\\\\s\"")
                .test(r));
        assertTrue(RecordFilter.compile("payload.text matches \"(?P<n>\\\\d+) [[:alpha:]]+$\"")
                .test(r));
        assertTrue(RecordFilter.compile("payload.text ~ \"\\\\bshipped\\\\z\"").test(r));
    }
}
