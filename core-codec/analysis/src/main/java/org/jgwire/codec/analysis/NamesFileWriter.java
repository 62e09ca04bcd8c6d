package org.jgwire.codec.analysis;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Writes names in the format {@link NamesFileReader} reads (ParseMessages' {@code -mappings}): one
 * {@code <uuid> <name>} pair per line, sorted by name. Only what that format can say is written: UUID addresses, and
 * names without whitespace that do not start with '#'.
 */
public final class NamesFileWriter {
    private static final Pattern SPACE = Pattern.compile("\\s");

    private NamesFileWriter() {}

    /**
     * Writes the bindings of {@code names} that the format can hold.
     *
     * @return how many bindings were left out (an address that is not a UUID, a name the format cannot hold)
     */
    public static int write(NameTable names, Writer out) throws IOException {
        Map<String, String> lines = new TreeMap<>();
        int left = 0;
        for (Map.Entry<String, String> b : names.bindings().entrySet()) {
            if (!writable(b.getKey(), b.getValue())) left++;
            else lines.put(b.getValue() + " " + b.getKey(), b.getKey() + " " + b.getValue());
        }
        for (String line : lines.values()) out.write(line + "\n");
        out.flush();
        return left;
    }

    private static boolean writable(String id, String name) {
        if (name.isEmpty() || name.startsWith("#") || SPACE.matcher(name).find()) return false;
        try {
            return NamesFileReader.uuid(id).equals(UUID.fromString(id).toString()); // reads back as the same id
        } catch (IllegalArgumentException notUuid) {
            return false;
        }
    }
}
