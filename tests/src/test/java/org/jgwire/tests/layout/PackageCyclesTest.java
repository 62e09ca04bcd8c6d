package org.jgwire.tests.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of the engine and of the plugin generator depend one way: no package imports, directly or through
 * others, a package that imports it. Read from the imports of the main sources (static imports included).
 */
class PackageCyclesTest {
    private static final Path ROOT = Path.of(System.getProperty("jgwire.samples"))
            .toAbsolutePath()
            .normalize()
            .getParent();
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** The package part of an imported name: up to the first segment that starts with a capital (a class). */
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?((?:[a-z_]\\w*\\.)+)[A-Z*]");

    @Test
    void theEngineHasNoPackageCycle() {
        Map<String, Set<String>> imports = imports(ROOT.resolve("core-codec/engine"));
        assertTrue(imports.size() > 8, "engine packages found: " + imports.keySet());
        assertEquals(List.of(), cycle(imports));
    }

    @Test
    void thePluginGeneratorHasNoPackageCycle() {
        Map<String, Set<String>> imports = imports(ROOT.resolve("wireshark-plugin"));
        assertTrue(imports.size() > 3, "plugin packages found: " + imports.keySet());
        assertEquals(List.of(), cycle(imports));
    }

    @Test
    void aCycleThroughSeveralPackagesIsFound() {
        Map<String, Set<String>> imports = new TreeMap<>();
        imports.put("a", Set.of("b", "java.util"));
        imports.put("b", Set.of("c"));
        imports.put("c", Set.of("a"));
        imports.put("d", Set.of("a"));
        assertEquals(List.of("a", "b", "c", "a"), cycle(imports));
        imports.put("c", Set.of("d"));
        assertEquals(List.of("a", "b", "c", "d", "a"), cycle(imports));
        imports.put("d", Set.of());
        assertEquals(List.of(), cycle(imports));
    }

    /** The first cycle found, as the packages along it back to the first; empty when there is none. */
    static List<String> cycle(Map<String, Set<String>> imports) {
        Set<String> done = new TreeSet<>();
        for (String start : imports.keySet()) {
            List<String> path = new ArrayList<>();
            List<String> found = walk(start, imports, path, done);
            if (!found.isEmpty()) return found;
        }
        return List.of();
    }

    private static List<String> walk(
            String pkg, Map<String, Set<String>> imports, List<String> path, Set<String> done) {
        int at = path.indexOf(pkg);
        if (at >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
            cycle.add(pkg);
            return cycle;
        }
        if (done.contains(pkg) || !imports.containsKey(pkg)) return List.of();
        path.add(pkg);
        for (String next : new TreeSet<>(imports.get(pkg))) {
            List<String> found = walk(next, imports, path, done);
            if (!found.isEmpty()) return found;
        }
        path.remove(path.size() - 1);
        done.add(pkg); // nothing reached from here leads back into a cycle
        return List.of();
    }

    /** Per package of the module's main sources, the other packages its files import. */
    private static Map<String, Set<String>> imports(Path module) {
        Map<String, Set<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(p);
                Matcher pkg = PACKAGE.matcher(text);
                if (!pkg.find()) continue;
                Set<String> imported = out.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                Matcher m = IMPORT.matcher(text);
                while (m.find()) {
                    String name = m.group(1).substring(0, m.group(1).length() - 1);
                    if (!name.equals(pkg.group(1))) imported.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
