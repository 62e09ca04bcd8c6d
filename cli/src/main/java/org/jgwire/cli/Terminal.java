package org.jgwire.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Whether a standard stream is a terminal, which Java 17 does not say for stderr alone. */
final class Terminal {
    private Terminal() {}

    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false; // not Linux, or no /proc: stay quiet rather than garble a redirected stderr
        }
    }
}
