package org.jgwire.tests.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the formatter does not enforce: lines of at most 120 characters in every Java source of the project, and a
 * main source past 300 lines divided into named sections. A section starts at a banner, a comment line of its own
 * that starts with three dashes or more and a heading, such as {@code // --- reading the envelope ---}; a source past
 * 300 lines has at least two banners, and none of its parts (the top to the first banner, banner to banner, the last
 * banner to the end) is longer than 300 lines.
 */
class SourceStyleTest {
    private static final Path ROOT = Path.of(System.getProperty("jgwire.samples"))
            .toAbsolutePath()
            .normalize()
            .getParent();
    private static final int MAX_LINE = 120, MAX_CLASS_LINES = 300;
    private static final Pattern BANNER = Pattern.compile("\\s*// -{3,} \\S.*");

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
    void aMainSourcePast300LinesIsDividedIntoSectionsByBanners() throws IOException {
        List<String> undivided = new ArrayList<>();
        for (Path p : sources()) {
            if (!p.toString().contains("/src/main/java/")) continue;
            String problem = sectionProblem(read(p));
            if (problem != null) undivided.add(ROOT.relativize(p) + " (" + problem + ")");
        }
        assertEquals(List.of(), undivided);
    }

    @Test
    void aLongSourceWithoutBannersOrWithALongSectionFails() {
        List<String> body = Collections.nCopies(200, "    int x;");
        List<String> banner = List.of("    // --- reading the envelope ---");
        assertEquals("401 lines, 0 banners", sectionProblem(join(body, body, List.of("}"))));
        assertEquals("401 lines, 1 banner", sectionProblem(join(body, banner, body)));
        assertEquals("a part of 400 lines from line 1", sectionProblem(join(body, body, banner, banner)));
        assertNull(sectionProblem(join(body, banner, body.subList(0, 99), banner)));
        assertNull(sectionProblem(body));
    }

    /** Why {@code lines} break the section rule, or null if they keep it. */
    static String sectionProblem(List<String> lines) {
        if (lines.size() <= MAX_CLASS_LINES) return null;
        int banners = 0, partStart = 0;
        String longPart = null;
        for (int i = 0; i <= lines.size(); i++) {
            boolean end = i == lines.size();
            if (!end && !BANNER.matcher(lines.get(i)).matches()) continue;
            if (i - partStart > MAX_CLASS_LINES && longPart == null)
                longPart = "a part of " + (i - partStart) + " lines from line " + (partStart + 1);
            if (!end) banners++;
            partStart = i;
        }
        return banners < 2 ? lines.size() + " lines, " + banners + (banners == 1 ? " banner" : " banners") : longPart;
    }

    @SafeVarargs
    private static List<String> join(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) all.addAll(part);
        return all;
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
