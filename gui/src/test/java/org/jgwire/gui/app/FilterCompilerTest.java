package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jgwire.codec.analysis.Names;
import org.junit.jupiter.api.Test;

/** The filter bar gets the command line's errors as a message and a position, for hostile expressions too. */
class FilterCompilerTest {
    @Test
    void aFilterNestedTooDeepIsABadFilterAtTheFirstLevelTooDeep() {
        FilterCompiler.BadFilter e = assertThrows(
                FilterCompiler.BadFilter.class,
                () -> FilterCompiler.compile("(".repeat(3000) + "gms" + ")".repeat(3000), Names.NONE));
        assertEquals(256, e.position());
        assertTrue(e.getMessage().contains("nested") && e.getMessage().endsWith("at position 256"), e.getMessage());
        assertThrows(
                FilterCompiler.BadFilter.class, () -> FilterCompiler.compile("!".repeat(5000) + "gms", Names.NONE));
    }

    @Test
    void aRegularExpressionRe2RefusesIsABadFilterNamingTheConstruct() {
        FilterCompiler.BadFilter e = assertThrows(
                FilterCompiler.BadFilter.class,
                () -> FilterCompiler.compile("payload.text matches \"^(a*)*\\\\1\\\\1b\"", Names.NONE));
        assertTrue(e.getMessage().contains("back-references"), e.getMessage());
    }
}
