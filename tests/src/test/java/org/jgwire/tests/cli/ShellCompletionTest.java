package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire completion bash} run by bash as a shell runs it: the words typed so far in {@code COMP_WORDS}, the
 * script's function called, {@code COMPREPLY} read. Every option with a fixed set of values or a bundled list
 * completes them, and only its own (no option's values under another's name).
 */
class ShellCompletionTest {
    @TempDir
    static Path dir;

    private static Path script;

    @BeforeAll
    static void writeScript() throws IOException {
        Decoding.Run r = Decoding.cli(dir, "completion", "bash");
        assertEquals(0, r.exit(), r.err());
        script = dir.resolve("jgwire.bash");
        Files.writeString(script, r.out());
    }

    @Test
    void optionsWithAFixedSetCompleteTheirOwnValues() throws Exception {
        assertEquals(List.of("text", "jsonl", "json", "parquet"), complete("decode", "--format", ""));
        assertEquals(List.of("text", "jsonl", "json", "parquet"), complete("views", "--format", ""));
        assertEquals(List.of("text", "jsonl", "json", "parquet"), complete("stats", "--format", ""));
        assertEquals(List.of("text", "jsonl", "json"), complete("diagnose", "--format", ""));
        assertEquals(List.of("time", "iso", "epoch", "relative"), complete("decode", "--time-format", ""));
        assertEquals(List.of("pcap", "pcapng"), complete("views", "--input-format", "pc"));
        assertEquals(Set.of("tcp", "tcp-nio", "tunnel"), Set.copyOf(complete("cluster", "--stack", "t")));
        assertEquals(Set.of("tcp", "tcp-nio", "tunnel"), Set.copyOf(complete("diff", "--stack", "t")));
        assertEquals(List.of("firewall-partition", "flapping"), complete("cluster", "--scenario", "f"));
        assertEquals(List.of("slow-merge", "slow-rpc"), complete("diff", "--scenario", "slow-"));
    }

    @Test
    void versionsCompleteToTheBundledJars() throws Exception {
        Set<String> bundled = new TreeSet<>();
        Pattern jar = Pattern.compile("jgroups-(\\d+\\.\\d+\\.\\d+)\\..*\\.jar");
        try (Stream<Path> s = Files.list(Decoding.home().resolve("jgroups"))) {
            s.forEach(p -> {
                Matcher m = jar.matcher(p.getFileName().toString());
                if (m.matches()) bundled.add(m.group(1));
            });
        }
        assertTrue(bundled.size() >= 3, "bundled jars: " + bundled);
        for (String command : List.of("cluster", "decode", "parse-messages"))
            assertEquals(bundled, new TreeSet<>(complete(command, "--jgroups-version", "")), command);
    }

    @Test
    void noCommandDeclaresAnOptionsValuesTwice() throws IOException {
        Map<String, List<String>> twice = new HashMap<>();
        String current = null;
        List<String> declared = new ArrayList<>();
        for (String line : Files.readAllLines(script)) {
            if (line.startsWith("function ")) {
                current = line;
                declared.clear();
            }
            Matcher m = Pattern.compile("^\\s*local (\\w+_option_args)=").matcher(line);
            if (m.find()) {
                if (declared.contains(m.group(1)))
                    twice.computeIfAbsent(current, k -> new ArrayList<>()).add(m.group(1));
                declared.add(m.group(1));
            }
        }
        assertEquals(Map.of(), twice);
    }

    /** What bash offers after {@code jgwire WORDS...}, the last word being the one typed so far. */
    private static List<String> complete(String... words) throws Exception {
        StringBuilder array = new StringBuilder("jgwire");
        for (String w : words) array.append(" '").append(w).append('\'');
        String line = "jgwire " + String.join(" ", words);
        // compopt works only while bash itself runs a completion: a no-op here
        String bash = "source '" + script + "'\ncompopt() { :; }\n"
                + "COMP_WORDS=(" + array + ")\n"
                + "COMP_CWORD=" + words.length + "\n"
                + "COMP_LINE='" + line + "'\n"
                + "COMP_POINT=" + line.length() + "\n"
                + "_complete_jgwire\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process p =
                new ProcessBuilder("bash", "-c", bash).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        List<String> values = new ArrayList<>();
        for (String v : out.split("\n")) if (!v.isBlank()) values.add(v.strip());
        return values;
    }
}
