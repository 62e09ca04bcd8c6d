package org.jgwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.pipeline.DecodeAhead;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * Before the command line is parsed: when it names a command that decodes a capture file, that capture's decode is
 * started ahead ({@link DecodeAhead}), so that loading its JGroups jar runs beside the parse instead of after it
 * (on a bundled sample, about a third of the run). Only a pcap or pcapng file qualifies, by its first bytes, and
 * never the file an option is about to write. A guess that misses (another jar, other limits) costs the other
 * processor some work and changes nothing else: the decode then loads its own.
 */
public final class WarmStart {
    /** The limits each command decodes with when no option changes them; for others, a warm start is no use. */
    private static final Map<String, Limits> LIMITS = Map.of(
            "decode", CaptureOptions.ANALYSIS_LIMITS,
            "views", CaptureOptions.ANALYSIS_LIMITS,
            "stats", CaptureOptions.ANALYSIS_LIMITS,
            "verify", Limits.DEFAULTS,
            "diff", Limits.DEFAULTS);

    /** Options whose value is a file jgwire writes. */
    private static final Set<String> WRITES = Set.of("-o", "--output", "-w", "--write");

    private WarmStart() {}

    /** Starts the decode ahead for {@code args}, if they name a capture file to decode; returns its thread or null. */
    public static Thread begin(String... args) {
        if (args.length < 2 || !LIMITS.containsKey(args[0])) return null;
        for (int i = 1; i < args.length; i++) {
            if (WRITES.contains(args[i - 1]) || !isCaptureFile(args[i])) continue;
            DecodeOptions options =
                    new DecodeOptions(LIMITS.get(args[0]), VersionRuntime.defaultHome(), null, null, Set.of());
            return DecodeAhead.start(Path.of(args[i]), options);
        }
        return null;
    }

    private static boolean isCaptureFile(String arg) {
        if (arg.startsWith("-")) return false;
        Path p;
        try {
            p = Path.of(arg);
        } catch (RuntimeException e) {
            return false;
        }
        if (!Files.isRegularFile(p)) return false;
        byte[] head = new byte[4];
        try (InputStream in = Files.newInputStream(p)) {
            int n = in.readNBytes(head, 0, 4);
            InputOpener.Kind kind = InputOpener.detect(head, n, n < 4);
            return kind == InputOpener.Kind.PCAP || kind == InputOpener.Kind.PCAPNG;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
