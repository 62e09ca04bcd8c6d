package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The key log of a run's capture, as a TLS key log: ASYM_ENCRYPT's session keys, which live only in the members'
 * memory, reported by the members as they install them. Written beside the capture ({@code NAME.keys}) for
 * {@code jgwire decode --key-log}; a run without ASYM_ENCRYPT writes none. Test clusters only: the file holds the
 * keys in clear.
 */
final class SessionKeyLog {
    private SessionKeyLog() {}

    /** The key log's path for a capture: its name with {@code .keys} for its extension. */
    static Path pathFor(Path capture) {
        String n = capture.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return capture.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + ".keys");
    }

    static void write(List<NodeEvent> events, Path capture, Consumer<String> progress) throws IOException {
        Set<String> keys = new LinkedHashSet<>();
        for (NodeEvent e : events) if (e.event().equals("session_key")) keys.add(e.text("hex"));
        if (keys.isEmpty()) return;
        Path file = pathFor(capture);
        StringBuilder text = new StringBuilder(
                "# jgwire key log: ASYM_ENCRYPT session keys (hex), one a line; jgwire decode --key-log FILE\n");
        for (String k : keys) text.append(k).append('\n');
        Files.writeString(file, text, StandardCharsets.UTF_8);
        progress.accept(keys.size() + " ASYM_ENCRYPT session key(s) written to " + file);
    }
}
