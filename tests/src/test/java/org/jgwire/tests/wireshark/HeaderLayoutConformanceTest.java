package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.jgwire.wireshark.derive.LayoutCheck;
import org.jgwire.wireshark.layout.HeaderLayout;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.jgwire.wireshark.layout.ResolvedLayout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holds every layout of every bundled jar (derived from writeTo or written by hand, header or not) against the real
 * class with {@link LayoutCheck}, the check {@code jgwire wireshark generate} runs: instances written by the class's
 * own {@code writeTo}, read back by the layout, every value equal to the instance's field and every byte consumed.
 * The catalog keeps a header layout only when that check passed at generation, so the check itself is held to
 * account too: for every class, the layout with one 8-byte value more, and the layout without its last value, must
 * be rejected. A JGroups release that changes a header's bytes turns this red. (Live traffic of the sample versions
 * is compared field by field in {@link PluginMatchesDecoderTest}.)
 */
class HeaderLayoutConformanceTest {
    static List<JarCatalog> jars() throws Exception {
        List<JarCatalog> jars = GeneratedPlugin.catalog().jars();
        assertTrue(jars.size() >= 15, "expected every bundled jar, found " + jars.size());
        return jars;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jars")
    void everyLayoutReadsWhatTheRealClassWrites(JarCatalog jar) throws Exception {
        assertFalse(jar.layouts().isEmpty(), "no layout applies to " + jar.label());
        List<String> problems = new ArrayList<>();
        int checked = 0;
        try (URLClassLoader loader =
                new URLClassLoader(GeneratedPlugin.classPath(jar), ClassLoader.getPlatformClassLoader())) {
            for (Map.Entry<String, ResolvedLayout> e : jar.layouts().entrySet()) {
                Class<?> c = Class.forName(e.getKey(), true, loader);
                ResolvedLayout layout = e.getValue();
                String problem = LayoutCheck.check(c, layout, loader);
                if (problem != null) problems.add(c.getName() + ": " + problem);
                if (LayoutCheck.check(c, with(layout, extraLong(layout)), loader) == null)
                    problems.add(c.getName() + ": the check accepts a layout that reads 8 bytes more");
                List<Item> shorter = withoutLastValue(layout.layout().items());
                if (shorter != null && LayoutCheck.check(c, with(layout, shorter), loader) == null)
                    problems.add(c.getName() + ": the check accepts the layout without its last value");
                checked++;
            }
        }
        assertEquals(List.of(), problems, jar.label());
        assertTrue(checked >= 10, "only " + checked + " layouts checked for " + jar.label());
    }

    private static ResolvedLayout with(ResolvedLayout l, List<Item> items) {
        HeaderLayout h = l.layout();
        return new ResolvedLayout(
                new HeaderLayout(h.className(), h.section(), h.from(), h.until(), items),
                l.constants(),
                l.valueNames(),
                l.otherNames());
    }

    private static List<Item> extraLong(ResolvedLayout l) {
        List<Item> items = new ArrayList<>(l.layout().items());
        items.add(new Item.Value("jgwire_extra", Kind.LONG, true, false));
        return items;
    }

    /** The items without the last top-level value that reads bytes, or null when there is none. */
    private static List<Item> withoutLastValue(List<Item> items) {
        for (int i = items.size() - 1; i >= 0; i--)
            if (items.get(i) instanceof Item.Value) {
                List<Item> out = new ArrayList<>(items);
                out.remove(i);
                return out;
            }
        return null;
    }
}
