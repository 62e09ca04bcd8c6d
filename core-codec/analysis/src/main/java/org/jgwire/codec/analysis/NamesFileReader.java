package org.jgwire.codec.analysis;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.NodeAddress;

/**
 * Reads logical names known up front, in the format of ParseMessages' {@code -mappings FILE}
 * ({@code org.jgroups.tests.ParseMessages.readMappings}, 4.x and 5.x): whitespace-separated pairs
 * {@code <uuid|long> <name>}, one per line. The first token is tried as a decimal {@code long} first, which
 * stands for {@code new UUID(0, long)}; else it is parsed as {@code org.jgroups.util.UUID.fromString} does (five
 * '-'-separated hex groups, shifted together without checking their widths). Unlike ParseMessages, blank lines and
 * lines (or the rest of a line) starting with '#' are comments, and a bad line fails with its number instead of
 * a stack trace.
 */
public final class NamesFileReader {
    /** The {@link Discovery#source()} of every binding read here. */
    public static final String SOURCE = "names-file";

    private NamesFileReader() {}

    /**
     * The bindings in {@code file}, in file order, with ids in {@code java.util.UUID.toString()} form.
     *
     * @throws IOException when the file cannot be read or a line is not {@code <uuid|long> <name>} pairs; the
     *                     message names the file, the line number and its text
     */
    public static List<Discovery> read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    /**
     * The bindings in the text {@code in} gives (a names file read elsewhere: HDFS, a Spark option), with messages
     * that name it as {@code source}. The reader is not closed.
     */
    public static List<Discovery> read(BufferedReader in, String source) throws IOException {
        List<Discovery> out = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
            number++;
            String[] tokens = tokens(line);
            if (tokens.length % 2 != 0) {
                throw bad(source, number, line, "a UUID or long without a name");
            }
            for (int i = 0; i < tokens.length; i += 2) {
                String id;
                try {
                    id = uuid(tokens[i]);
                } catch (IllegalArgumentException e) {
                    throw bad(source, number, line, "'" + tokens[i] + "' is neither a long nor a UUID");
                }
                out.add(new Discovery(NodeAddress.uuid(id), tokens[i + 1], null, false, SOURCE));
            }
        }
        return out;
    }

    /** The tokens of a line up to a token starting with '#'. */
    private static String[] tokens(String line) {
        String[] all = line.strip().split("\\s+");
        int n = 0;
        while (n < all.length && !all[n].isEmpty() && all[n].charAt(0) != '#') n++;
        return n == all.length ? all : Arrays.copyOf(all, n);
    }

    /**
     * The standard form of the UUID ParseMessages makes of {@code token}: {@code new UUID(0, Long.parseLong(token))},
     * else {@code UUID.fromString(token)} (JGroups 5.5.7 {@code org.jgroups.util.UUID.fromString}).
     */
    static String uuid(String token) {
        try {
            return new UUID(0, Long.parseLong(token)).toString();
        } catch (NumberFormatException notLong) {
            // not a long: a UUID string
        }
        String[] c = token.split("-");
        if (c.length != 5) throw new IllegalArgumentException(token);
        long most = hex(c[0]);
        most <<= 16;
        most |= hex(c[1]);
        most <<= 16;
        most |= hex(c[2]);
        long least = hex(c[3]);
        least <<= 48;
        least |= hex(c[4]);
        return new UUID(most, least).toString();
    }

    /** {@code Long.decode("0x" + group)}, as JGroups reads each group. */
    private static long hex(String group) {
        return Long.decode("0x" + group); // NumberFormatException is an IllegalArgumentException
    }

    private static IOException bad(String source, int number, String line, String why) {
        String text = line.length() > 120 ? line.substring(0, 120) + "..." : line;
        return new IOException(source + " line " + number + ": " + why + ": '" + text
                + "' (expected '<uuid|long> <logical name>' pairs, as ParseMessages -mappings)");
    }
}
