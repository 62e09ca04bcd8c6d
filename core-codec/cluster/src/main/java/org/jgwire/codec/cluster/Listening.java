package org.jgwire.codec.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether a TCP port listens on 127.0.0.1, asked without touching it where possible: a probe connection to a
 * GossipRouter makes it write to (and be reset by) a closed socket, noise that would end up in the capture.
 */
final class Listening {
    private static final Path PROC_NET_TCP = Path.of("/proc/net/tcp");
    private static final String TCP_LISTEN = "0A";

    private Listening() {}

    static boolean on(int port) {
        return on(port, PROC_NET_TCP);
    }

    /** Whether {@code port} listens in the network namespace of process {@code pid} ({@code /proc/PID/net/tcp}). */
    static boolean on(int port, long pid) {
        return on(port, Path.of("/proc", Long.toString(pid), "net", "tcp"));
    }

    private static boolean on(int port, Path table) {
        if (Files.isReadable(table)) {
            // lines: "sl local_address rem_address st ...", addresses as hex IPv4:port (0100007F:1F90)
            String local = String.format(Locale.ROOT, ":%04X", port);
            try {
                List<String> lines = Files.readAllLines(table);
                for (String line : lines) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 3 && f[1].endsWith(local) && f[3].equals(TCP_LISTEN)) return true;
                }
                return false;
            } catch (IOException e) {
                // fall back to a connection
            }
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
