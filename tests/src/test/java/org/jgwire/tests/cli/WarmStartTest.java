package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jgwire.cli.WarmStart;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher starts a capture's decode ahead while it parses the command line (WarmStart): the jar it loads is
 * handed to the command's own decode, which then prints what it prints without one.
 */
class WarmStartTest {
    @TempDir
    Path work;

    private static Path sample(String version, String name) {
        return Decoding.samples().resolve(version).resolve(name);
    }

    /** Starts the decode ahead, waits for it, and checks that it left exactly one jar to take. */
    private static void warmedUp(String... args) throws InterruptedException {
        assertEquals(0, VersionRuntime.shelvedAdapters(), "left over from before");
        Thread ahead = WarmStart.begin(args);
        assertNotNull(ahead, String.join(" ", args));
        ahead.join(60_000);
        assertEquals(1, VersionRuntime.shelvedAdapters(), "jars loaded ahead");
    }

    @Test
    void decodeTakesTheJarLoadedAheadAndPrintsTheSameRecords() throws Exception {
        for (String version : new String[] {"5.5.7", "4.2.30", "3.6.20"}) {
            String capture = sample(version, "udp-chat.pcapng").toString();
            Decoding.Run plain = Decoding.cli(work, "decode", "--format", "jsonl", capture);
            warmedUp("decode", "--format", "jsonl", capture);
            Decoding.Run warm = Decoding.cli(work, "decode", "--format", "jsonl", capture);
            assertEquals(0, VersionRuntime.shelvedAdapters(), version + ": the decode loaded its own jar");
            assertEquals(0, warm.exit(), warm.err());
            assertTrue(warm.messages().size() > 10, version + ": " + warm.out());
            assertEquals(plain.out(), warm.out(), version);
            assertEquals(plain.err(), warm.err(), version);
        }
    }

    /** The analyses decode with the limits decode uses; verify and diff with the defaults: each takes its jar. */
    @Test
    void everyCommandThatDecodesACaptureTakesItsJar() throws Exception {
        String tcp = sample("5.5.7", "tcp-chat.pcapng").toString(),
                udp = sample("5.5.7", "udp-chat.pcapng").toString();
        String[][] commands = {{"views", tcp}, {"stats", tcp}, {"verify", tcp}, {"diff", tcp, udp}};
        for (String[] args : commands) {
            warmedUp(args);
            Decoding.Run run = Decoding.cli(work, args);
            assertEquals(0, run.exit(), String.join(" ", args) + ": " + run.out() + run.err());
            assertEquals(0, VersionRuntime.shelvedAdapters(), args[0] + " loaded its own jar");
        }
    }

    @Test
    void onlyACaptureFileToReadIsDecodedAhead() throws IOException {
        String capture = sample("5.5.7", "udp-chat.pcapng").toString();
        Path hex = Files.writeString(work.resolve("frames.txt"), "29470003\n");
        assertNull(WarmStart.begin("decode", hex.toString()), "a hex text file");
        assertNull(WarmStart.begin("decode", work.toString()), "a folder");
        assertNull(WarmStart.begin("decode", "-"), "standard input");
        assertNull(WarmStart.begin("decode", "-w", capture, "-i", "lo"), "a capture the command is about to write");
        assertNull(WarmStart.begin("cluster", "--capture", capture), "a command that decodes nothing");
        assertNull(WarmStart.begin("decode"), "no file at all");
        assertEquals(0, VersionRuntime.shelvedAdapters());
    }
}
