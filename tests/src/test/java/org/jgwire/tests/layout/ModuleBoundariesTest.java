package org.jgwire.tests.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The source-level half of the module boundaries (the dependency half is enforced by the build): only the decode
 * adapters and the cluster's node programs are compiled against JGroups, only the Infinispan node program against
 * Infinispan, and the viewer never reaches into the command line.
 */
class ModuleBoundariesTest {
    private static final Path ROOT = Path.of(System.getProperty("jgwire.samples"))
            .toAbsolutePath()
            .normalize()
            .getParent();
    private static final Pattern JGROUPS_IMPORT = Pattern.compile("(?m)^import (static )?org\\.jgroups\\.");
    private static final Pattern INFINISPAN_IMPORT = Pattern.compile("(?m)^import (static )?org\\.infinispan\\.");
    private static final Pattern CLI_IMPORT = Pattern.compile("(?m)^import (static )?org\\.jgwire\\.cli\\.");

    @Test
    void onlyAdaptersAndNodeProgramsImportJGroups() throws IOException {
        List<Path> all = mainSources(ROOT);
        assertTrue(all.size() > 200, "main sources found under " + ROOT + ": " + all.size());
        List<String> outside = all.stream()
                .filter(p -> matches(p, JGROUPS_IMPORT))
                .map(p -> ROOT.relativize(p).toString())
                .filter(p -> !p.startsWith("core-codec/adapters/") && !p.startsWith("core-codec/cluster/nodes/"))
                .toList();
        assertEquals(List.of(), outside);
        assertTrue(
                all.stream().anyMatch(p -> matches(p, JGROUPS_IMPORT)), "the adapters do import JGroups: scan works");
    }

    /** Infinispan runs only in the child JVMs of its node program, on a class path of its own. */
    @Test
    void onlyTheInfinispanNodeImportsInfinispan() throws IOException {
        List<String> importing = mainSources(ROOT).stream()
                .filter(p -> matches(p, INFINISPAN_IMPORT))
                .map(p -> ROOT.relativize(p).toString())
                .toList();
        assertTrue(!importing.isEmpty(), "the Infinispan node imports Infinispan: scan works");
        assertEquals(
                List.of(),
                importing.stream()
                        .filter(p -> !p.startsWith("core-codec/cluster/nodes/ispn/"))
                        .toList());
    }

    @Test
    void theViewerImportsNothingOfTheCommandLine() throws IOException {
        List<Path> gui = mainSources(ROOT.resolve("gui"));
        assertTrue(gui.size() > 20, "viewer sources found: " + gui.size());
        assertEquals(
                List.of(),
                gui.stream()
                        .filter(p -> matches(p, CLI_IMPORT))
                        .map(p -> ROOT.relativize(p).toString())
                        .toList());
    }

    private static List<Path> mainSources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/main/java/"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .sorted()
                    .toList();
        }
    }

    private static boolean matches(Path file, Pattern p) {
        try {
            return p.matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
