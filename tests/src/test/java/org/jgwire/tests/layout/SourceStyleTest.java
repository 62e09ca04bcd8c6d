package org.jgwire.tests.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the formatter does not enforce: lines of at most 120 characters in every Java source of the project. */
class SourceStyleTest {
    private static final Path ROOT = Path.of(System.getProperty("jgwire.samples"))
            .toAbsolutePath()
            .normalize()
            .getParent();
    private static final int MAX_LINE = 120;

    @Test
    void noLineIsLongerThan120Characters() throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(ROOT)) {
            sources = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .toList();
        }
        assertTrue(sources.size() > 300, "sources found under " + ROOT + ": " + sources.size());
        List<String> tooLong = new ArrayList<>();
        for (Path p : sources) {
            List<String> lines = read(p);
            for (int i = 0; i < lines.size(); i++)
                if (lines.get(i).length() > MAX_LINE)
                    tooLong.add(ROOT.relativize(p) + ":" + (i + 1) + " ("
                            + lines.get(i).length() + ")");
        }
        assertEquals(List.of(), tooLong);
    }

    private static List<String> read(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
