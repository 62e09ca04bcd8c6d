package org.jgwire.codec.cluster.node;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The JGroups-free half of a node program (each adapter's {@code node.ClusterNode}): one real JGroups member,
 * driven by jgwire's cluster runner over stdin/stdout. The family's {@link Channel} makes the API calls of its
 * JGroups version; this class parses commands and reports events.
 *
 * <p>Usage: {@code ClusterNode NAME CONFIG_XML CLUSTER}. Class path: the adapter jar, the core-codec jar and one
 * JGroups jar, nothing else (so JDK only here). Events go to stdout, one JSON object per line ({@code started},
 * {@code view}, {@code sent}, {@code received}, {@code load-sent}, {@code load-received}, {@code left},
 * {@code error}); everything else JGroups prints is moved to stderr. Commands come on stdin: {@code mcast TEXT},
 * {@code ucast TO TEXT}, {@code load N SIZE} (N multicasts of SIZE bytes, as fast as flow control lets them go;
 * see {@link LoadTraffic}), {@code leave}. End of stdin means the runner is gone: the node leaves and exits.
 */
public final class NodeProgram {
    /** The calls a node makes on its JGroups channel, implemented once per API family. */
    public interface Channel {
        /** Creates the channel named {@code name} from {@code config}, joins {@code cluster}, emits {@code started}. */
        void join(String name, String config, String cluster) throws Exception;

        /** Sends {@code payload} to the member named {@code to}, or to all when {@code to} is null. */
        void send(String to, byte[] payload) throws Exception;

        /** This member's logical name. */
        String name();

        /** Leaves the cluster. */
        void close();
    }

    private final EventLine events;
    private final LoadTraffic load;

    private NodeProgram(EventLine events) {
        this.events = events;
        this.load = new LoadTraffic(events);
    }

    /**
     * Runs a node program to its end and exits the JVM: 0 after {@code leave} or end of stdin, 1 on a failure to
     * join, 2 on bad arguments.
     *
     * @param channels makes the family's channel, given the program it reports deliveries and views to
     */
    public static void run(String[] args, Function<NodeProgram, Channel> channels) {
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        EventLine events = new EventLine(stdout);
        if (args.length != 3) {
            events.emit("error", "message", "usage: ClusterNode NAME CONFIG_XML CLUSTER");
            System.exit(2);
        }
        NodeProgram program = new NodeProgram(events);
        try {
            Channel channel = channels.apply(program);
            channel.join(args[0], args[1], args[2]);
            program.serve(channel, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        } catch (Throwable t) {
            events.emit("error", "message", String.valueOf(t));
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    /** Where the channel reports {@code started}. */
    public EventLine events() {
        return events;
    }

    private void serve(Channel channel, BufferedReader in) throws Exception {
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("leave")) break;
            try {
                if (line.startsWith("mcast ")) {
                    send(channel, null, line.substring(6));
                } else if (line.startsWith("ucast ")) {
                    int space = line.indexOf(' ', 6);
                    String to = line.substring(6, space);
                    send(channel, to, line.substring(space + 1));
                } else if (line.startsWith("load ")) {
                    String[] words = line.split(" ");
                    load(channel, Long.parseLong(words[1]), Integer.parseInt(words[2]));
                } else {
                    events.emit("error", "message", "unknown command: " + line);
                }
            } catch (Exception e) {
                events.emit("error", "message", line + ": " + e);
            }
        }
        channel.close();
        events.emit("left", "name", channel.name());
    }

    private void send(Channel channel, String to, String text) throws Exception {
        channel.send(to, text.getBytes(StandardCharsets.UTF_8));
        events.emit("sent", "to", to, "text", text);
    }

    /** Sends {@code count} load multicasts back to back; {@code send} blocks while MFC has no credits. */
    private void load(Channel channel, long count, int size) throws Exception {
        String me = channel.name();
        long start = System.nanoTime();
        for (long seq = 1; seq <= count; seq++) channel.send(null, LoadTraffic.payload(me, seq, count, size));
        events.emit("load-sent", "count", count, "size", size, "millis", (System.nanoTime() - start) / 1_000_000);
    }

    /** Reports a delivered message ({@code buf[off, off+len)}, UTF-8 text), or counts it when it is load traffic. */
    public void received(Object src, Object dest, byte[] buf, int off, int len) {
        if (load.deliver(src, buf, off, len)) return;
        String text = new String(buf, off, len, StandardCharsets.UTF_8);
        events.emit("received", "from", String.valueOf(src), "to", dest == null ? null : dest.toString(), "text", text);
    }

    /** Reports a new view: its creator, id and members (by their {@code toString}, the logical names). */
    public void viewAccepted(Object creator, long id, List<?> members) {
        List<String> names = new ArrayList<>();
        for (Object a : members) names.add(a.toString());
        events.emit("view", "creator", String.valueOf(creator), "id", id, "members", names);
    }
}
