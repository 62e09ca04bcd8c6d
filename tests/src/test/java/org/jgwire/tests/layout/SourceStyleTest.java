package org.jgwire.tests.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the formatter does not enforce: lines of at most 120 characters in every Java source of the project, and a
 * main class past 300 lines says at its top why it is one thing ("One class past 300 lines: ...").
 */
class SourceStyleTest {
    private static final Path ROOT = Path.of(System.getProperty("jgwire.samples"))
            .toAbsolutePath()
            .normalize()
            .getParent();
    private static final int MAX_LINE = 120, MAX_CLASS_LINES = 300;
    private static final Pattern WHY_ONE_THING = Pattern.compile("(?i)one class past 300 lines");

    @Test
    void noLineIsLongerThan120Characters() throws IOException {
        List<Path> sources = sources();
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

    @Test
    void aMainClassPast300LinesSaysWhyItIsOneThing() throws IOException {
        List<String> unexplained = new ArrayList<>();
        for (Path p : sources()) {
            if (!p.toString().contains("/src/main/java/")) continue;
            List<String> lines = read(p);
            if (lines.size() > MAX_CLASS_LINES
                    && !WHY_ONE_THING.matcher(String.join("\n", lines)).find())
                unexplained.add(ROOT.relativize(p) + " (" + lines.size() + " lines)");
        }
        assertEquals(List.of(), unexplained);
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .toList();
        }
    }

    private static List<String> read(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
