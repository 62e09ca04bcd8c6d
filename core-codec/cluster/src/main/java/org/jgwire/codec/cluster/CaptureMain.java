package org.jgwire.codec.cluster;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The capture inside a network namespace ({@link NamespaceCapture} starts it with {@code ip netns exec}): captures
 * that namespace's {@code DEVICE} ({@code lo} when not given) with {@code FILTER} into pcapng on stdout until a line
 * {@code stop} (or the end of stdin), then prints {@code counts PACKETS DROPPED} on stderr. Usage: {@code CaptureMain
 * FILTER BUFFER_BYTES [DEVICE]}.
 */
public final class CaptureMain {
    private CaptureMain() {}

    public static void main(String[] args) throws Exception {
        BufferedOutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        System.setOut(System.err);
        LoopbackCapture capture;
        try {
            String device = args.length > 2 ? args[2] : "lo";
            capture = LoopbackCapture.start(CaptureTarget.stream(out), device, args[0], Integer.parseInt(args[1]));
        } catch (ClusterFailure e) {
            System.err.println("error " + e.getMessage());
            System.exit(1);
            return;
        }
        System.err.println("capturing");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) if (line.equals("stop")) break;
        long[] counts = capture.stop();
        System.err.println("counts " + counts[0] + " " + counts[1]);
        System.exit(0);
    }
}
