package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that can never be decoded get one line naming them, on every command that reads a capture. */
class InputRejectionTest {
    @TempDir
    Path dir;

    private final CommandRun jgwire = new CommandRun();

    private void assertOneLine(int exit, String expected, String... args) {
        for (String command : new String[] {"decode", "views", "stats"}) {
            CommandRun run = new CommandRun();
            String[] all = new String[args.length + 1];
            all[0] = command;
            System.arraycopy(args, 0, all, 1, args.length);
            assertEquals(exit, run.run(all), command + ": " + run.err);
            String err = run.err.toString();
            assertEquals(1, err.lines().count(), command + ": one line, got:\n" + err);
            assertTrue(err.contains(expected) && err.contains(args[args.length - 1]), command + ": " + err);
            assertEquals("", run.out.toString(), command);
        }
    }

    @Test
    void aTextFileThatIsNotHexIsOneErrorNamingIt() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello world\nnot hex\nzzz\n".repeat(20));
        assertOneLine(ExitCodes.UNDECODED, "neither a capture (pcap, pcapng) nor hex lines", text.toString());
        assertTrue(!jgwire.err.toString().contains("line 2"));
    }

    @Test
    void anEmptyFileIsEmptyInputExitOne() throws IOException {
        Path empty = Files.write(dir.resolve("empty.pcap"), new byte[0]);
        assertOneLine(ExitCodes.UNDECODED, "empty input", empty.toString());
    }

    @Test
    void aDirectoryIsAnIoErrorNamingIt() {
        assertOneLine(ExitCodes.IO, "is a directory", dir.toString());
    }

    @Test
    void aManifestGivenByMistakePointsToVerify() throws IOException {
        Path manifest = Files.writeString(
                dir.resolve("udp-chat.json"),
                "{\n  \"jgroupsVersion\" : \"5.5.7\",\n  \"stack\" : \"udp\",\n  \"scenario\" : \"chat\"\n}\n",
                StandardCharsets.UTF_8);
        assertOneLine(ExitCodes.USAGE, "this is a jgwire manifest; did you mean `jgwire verify`?", manifest.toString());
    }

    @Test
    void hexTextBehindOtherColumnsIsStillDecoded() throws IOException {
        // a cut frame that keeps its version short (5.5.7's 0x2947): a record, not other traffic
        Path hex = Files.writeString(dir.resolve("frames.txt"), "1700000000.5\t2947:bb\n");
        Path out = dir.resolve("out.jsonl");
        jgwire.run("decode", "-f", "jsonl", "-o", out.toString(), hex.toString());
        assertTrue(!jgwire.err.toString().contains("neither a capture"), jgwire.err.toString());
        assertTrue(Files.readString(out).startsWith("{\"kind\""), Files.readString(out));
    }
}
