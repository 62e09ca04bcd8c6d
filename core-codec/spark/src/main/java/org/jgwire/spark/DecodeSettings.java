package org.jgwire.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.NamesFileReader;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * The read's options, as {@code jgwire decode --format jsonl} takes them, checked on the driver and sent to the
 * executors: the names file's text (read once, through Hadoop, so that it may sit in HDFS too), the payload bytes
 * kept as hex and where the jgwire distribution is on the executors. Everything else is decode's default:
 * fragments reassembled, JGroups recognised by content on any port, every version by its own bundled jar.
 *
 * @param namesFile    the {@code names} option, for messages, or null
 * @param namesText    that file's text, or null
 * @param payloadBytes the {@code payloadBytes} option, or null for decode's default
 * @param home         the {@code home} option, or null: the executor's {@code jgwire.home}, else where its jgwire
 *                     jars are ({@code <home>/lib})
 */
record DecodeSettings(String namesFile, String namesText, Integer payloadBytes, String home) implements Serializable {
    static DecodeSettings of(CaseInsensitiveStringMap options, Configuration conf) throws IOException {
        String namesFile = options.get("names");
        String namesText = null;
        if (namesFile != null) {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(namesFile);
            try (InputStream in = p.getFileSystem(conf).open(p)) {
                namesText = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        Integer payloadBytes = null;
        String given = options.get("payloadBytes");
        if (given != null) {
            try {
                payloadBytes = Integer.valueOf(given.strip());
            } catch (NumberFormatException e) {
                payloadBytes = -1;
            }
            if (payloadBytes < 0)
                throw new IllegalArgumentException("the option payloadBytes must be 0 or more, got '" + given + "'");
        }
        DecodeSettings settings = new DecodeSettings(namesFile, namesText, payloadBytes, options.get("home"));
        settings.names(); // a bad names file fails the read here, once, not in every task
        return settings;
    }

    /** The names to start with, a table of their own for each decode. */
    NameTable names() throws IOException {
        if (namesText == null) return new NameTable();
        return new NameTable(NamesFileReader.read(new BufferedReader(new StringReader(namesText)), namesFile));
    }

    /** The decode options of {@code jgwire decode} with no options but these. */
    DecodeOptions decodeOptions() {
        // decode's: no output format shows header texts (CaptureOptions.ANALYSIS_LIMITS), then --payload-bytes
        Limits.Builder limits = Limits.builder().headerTexts(false);
        if (payloadBytes != null) limits.payloadHeadBytes(payloadBytes);
        return new DecodeOptions(
                limits.build(),
                home != null ? Path.of(home) : VersionRuntime.defaultHome(),
                null,
                null,
                new LinkedHashSet<>(),
                true,
                DecryptionKeys.NONE,
                List.of());
    }
}
