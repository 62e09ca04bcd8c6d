package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.jgwire.codec.capture.LiveCaptureSource;
import org.junit.jupiter.api.Test;

class Slf4jQuietTest {
    @Test
    void pcap4jLogsNoSlf4jWarningOnStderr() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            LiveCaptureSource.interfaces(); // loads pcap4j, which binds SLF4J
        } catch (Exception | LinkageError e) {
            // no libpcap or no rights: SLF4J was bound all the same
        } finally {
            System.setErr(saved);
        }
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("SLF4J"), err.toString(StandardCharsets.UTF_8));
    }
}
