package org.jgwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jgwire.codec.capture.InputOpener;

/**
 * Looks at an input file before it is decoded, to reject with one clear line naming it what can never be decoded: a
 * directory, an empty file, a jgwire manifest given instead of its capture, text that is not hex lines. Standard
 * input is not looked at: a quiet pipe is not an error.
 */
final class InputCheck {
    /** Bytes looked at, as many as the input kind is told from. */
    private static final int HEAD = 8192;

    private InputCheck() {}

    /**
     * @param forcedFormat the {@code --input-format}, or null: text the user called hex is decoded line by line
     * @throws NotACaptureException for an empty file or text that holds no hex line
     * @throws IllegalArgumentException for a manifest (a usage mistake)
     * @throws IOException for a directory or a file that cannot be read
     */
    static void check(String pathOrDash, String forcedFormat) throws IOException {
        if (pathOrDash.equals("-")) return;
        Path path = Path.of(pathOrDash);
        if (!Files.exists(path)) throw new NoSuchFileException(pathOrDash, null, "no such input file");
        if (Files.isDirectory(path)) throw new IOException(pathOrDash + ": is a directory, not a capture file");
        byte[] head = new byte[HEAD];
        int n = 0;
        try (InputStream in = Files.newInputStream(path)) {
            for (int r; n < HEAD && (r = in.read(head, n, HEAD - n)) > 0; ) n += r;
        }
        if (n == 0) throw new NotACaptureException(pathOrDash + ": empty input");
        if (forcedFormat != null || InputOpener.detect(head, n, true) != InputOpener.Kind.HEX) return;
        String text = new String(head, 0, n, StandardCharsets.UTF_8);
        if (isManifest(text))
            throw new IllegalArgumentException(
                    pathOrDash + ": this is a jgwire manifest; did you mean `jgwire verify`?");
        String firstLine = null;
        for (String line : text.split("\r?\n", -1)) {
            if (line.isBlank()) continue;
            if (firstLine == null) firstLine = line.strip();
            if (hasHexColumn(line)) return;
        }
        if (firstLine == null && n < HEAD)
            throw new NotACaptureException(pathOrDash + ": empty input (blank lines only)");
        if (firstLine == null) return;
        throw new NotACaptureException(pathOrDash + ": neither a capture (pcap, pcapng) nor hex lines (first line: '"
                + (firstLine.length() > 40 ? firstLine.substring(0, 40) + "..." : firstLine) + "')");
    }

    /** A JSON object with the keys every manifest of the cluster runner starts with. */
    private static boolean isManifest(String text) {
        return text.stripLeading().startsWith("{")
                && text.contains("\"jgroupsVersion\"")
                && text.contains("\"scenario\"");
    }

    /** A tab-separated column of hex digit pairs, with or without ':' between them. */
    private static boolean hasHexColumn(String line) {
        for (String column : line.split("\t")) {
            String c = column.strip().replace(":", "");
            if (c.length() >= 2 && c.length() % 2 == 0 && c.chars().allMatch(InputCheck::isHexDigit)) return true;
        }
        return false;
    }

    private static boolean isHexDigit(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
