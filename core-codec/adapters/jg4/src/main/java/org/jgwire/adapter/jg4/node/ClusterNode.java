package org.jgwire.adapter.jg4.node;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jgroups.Address;

import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.ReceiverAdapter;
import org.jgroups.View;
import org.jgwire.codec.cluster.node.EventLine;
import org.jgwire.codec.cluster.node.LoadTraffic;

/**
 * One real JGroups 4.x member, driven by jgwire's cluster runner over stdin/stdout.
 *
 * <p>Usage: {@code ClusterNode NAME CONFIG_XML CLUSTER}. Class path: this adapter jar, the core-codec jar (for
 * {@code org.jgwire.codec.cluster.node}) and one JGroups 4.x jar, nothing else. Events go to stdout, one JSON object per line ({@code started}, {@code view}, {@code sent},
 * {@code received}, {@code load-sent}, {@code load-received}, {@code left}, {@code error}); everything else JGroups
 * prints is moved to stderr. Commands come on stdin: {@code mcast TEXT}, {@code ucast TO TEXT}, {@code load N SIZE}
 * (N multicasts of SIZE bytes, as fast as flow control lets them go; see {@link LoadTraffic}), {@code leave}.
 * End of stdin means the runner is gone: the node leaves and exits.
 *
 * <p>4.x API: receivers extend {@link ReceiverAdapter}; payloads are plain {@link Message}s over a byte array.
 */
public final class ClusterNode extends ReceiverAdapter {
    private final EventLine events;
    private final LoadTraffic load;
    private volatile JChannel channel;

    private ClusterNode(EventLine events) {
        this.events = events;
        this.load = new LoadTraffic(events);
    }

    public static void main(String[] args) throws Exception {
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        EventLine events = new EventLine(stdout);
        if (args.length != 3) {
            events.emit("error", "message", "usage: ClusterNode NAME CONFIG_XML CLUSTER");
            System.exit(2);
        }
        ClusterNode node = new ClusterNode(events);
        try {
            node.start(args[0], args[1], args[2]);
            node.serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        } catch (Throwable t) {
            events.emit("error", "message", String.valueOf(t));
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    private void start(String name, String config, String cluster) throws Exception {
        JChannel ch = new JChannel(config).name(name);
        ch.setReceiver(this);
        channel = ch;
        ch.connect(cluster);
        Object physical = ch.down(new Event(Event.GET_PHYSICAL_ADDRESS, ch.getAddress()));
        events.emit("started", "name", name, "uuid", ch.getAddressAsUUID(), "physical", String.valueOf(physical),
                "cluster", cluster, "version", org.jgroups.Version.printVersion());
    }

    private void serve(BufferedReader in) throws Exception {
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("leave")) break;
            try {
                if (line.startsWith("mcast ")) {
                    send(null, line.substring(6));
                } else if (line.startsWith("ucast ")) {
                    int space = line.indexOf(' ', 6);
                    String to = line.substring(6, space);
                    send(member(to), line.substring(space + 1));
                } else if (line.startsWith("load ")) {
                    String[] words = line.split(" ");
                    load(Long.parseLong(words[1]), Integer.parseInt(words[2]));
                } else {
                    events.emit("error", "message", "unknown command: " + line);
                }
            } catch (Exception e) {
                events.emit("error", "message", line + ": " + e);
            }
        }
        channel.close();
        events.emit("left", "name", channel.getName());
    }

    private void send(Address dest, String text) throws Exception {
        channel.send(new Message(dest, text.getBytes(StandardCharsets.UTF_8)));
        events.emit("sent", "to", dest == null ? null : dest.toString(), "text", text);
    }

    /** Sends {@code count} load multicasts back to back; {@code send} blocks while MFC has no credits. */
    private void load(long count, int size) throws Exception {
        String me = channel.getName();
        long start = System.nanoTime();
        for (long seq = 1; seq <= count; seq++)
            channel.send(new Message(null, LoadTraffic.payload(me, seq, count, size)));
        events.emit("load-sent", "count", count, "size", size, "millis", (System.nanoTime() - start) / 1_000_000);
    }

    private Address member(String name) {
        for (Address a : channel.getView().getMembers()) if (name.equals(a.toString())) return a;
        throw new IllegalArgumentException("no member named " + name + " in " + channel.getView());
    }

    @Override
    public void receive(Message msg) {
        if (load.deliver(msg.getSrc(), msg.getRawBuffer(), msg.getOffset(), msg.getLength())) return;
        String text = new String(msg.getRawBuffer(), msg.getOffset(), msg.getLength(), StandardCharsets.UTF_8);
        events.emit("received", "from", String.valueOf(msg.getSrc()),
                "to", msg.getDest() == null ? null : msg.getDest().toString(), "text", text);
    }

    @Override
    public void viewAccepted(View view) {
        List<String> names = new ArrayList<>();
        for (Address a : view.getMembers()) names.add(a.toString());
        events.emit("view", "creator", String.valueOf(view.getViewId().getCreator()),
                "id", view.getViewId().getId(), "members", names);
    }
}
