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
 * The JGroups-free half of a node program (each family's {@code ClusterNode} under cluster/nodes): one real member,
 * driven by jgwire's cluster runner over stdin/stdout. The family's {@link Channel} makes the API calls of its
 * JGroups version; this class parses commands and reports events, each command's parsing beside the event it
 * reports, so that both ends of a command are read in one place.
 *
 * <p>Usage: {@code ClusterNode NAME CONFIG_XML CLUSTER [rpc]}; with {@code rpc} the channel gets an RpcDispatcher
 * (which then takes every message: plain sends are not delivered in that mode). Class path: the family's node jar,
 * the jgwire-cluster jar and one JGroups jar, nothing else (so JDK only here). Events go to stdout, one JSON object per
 * line ({@code started}, {@code view}, {@code sent}, {@code received}, {@code load-sent}, {@code load-received},
 * {@code large-sent}, {@code large-received}, {@code rpc-called}, {@code rpc-handled}, {@code locked}, {@code counted},
 * {@code state}, {@code discarding}, {@code losing}, {@code slowed}, {@code rpc-answered-late}, {@code blocking},
 * {@code unblocked},
 * {@code left}, {@code error}); everything else JGroups prints is moved to stderr. Commands come on stdin:
 * <ul>
 *   <li>{@code mcast TEXT}, {@code ucast TO TEXT}: a text message to all or to the member named TO;</li>
 *   <li>{@code load N SIZE}: N multicasts of SIZE bytes, as fast as flow control lets them go ({@link LoadTraffic});
 *       {@code load-for MILLIS SIZE}: the same for a time;</li>
 *   <li>{@code large TO|* SEQ SIZE}: one {@link LargePayload} of SIZE bytes;</li>
 *   <li>{@code rpc TO|* TEXT}: a synchronous RPC {@code echo(TEXT)} on TO or on every member; the replies are
 *       reported as {@code NAME=REPLY};</li>
 *   <li>{@code ucast-site SITE TEXT}: a text message to the site master of SITE (stack relay2);</li>
 *   <li>{@code await-route SITE}: wait until this site master's RELAY2 has a route to SITE, then report
 *       {@code route} (up true or false after {@value #ROUTE_WAIT_MILLIS} ms);</li>
 *   <li>{@code lock NAME}, {@code counter NAME}: take and release a cluster-wide lock, increment a cluster-wide
 *       counter (the stack's locking and COUNTER protocols), reported as {@code locked} and {@code counted};</li>
 *   <li>{@code state}: fetch the coordinator's {@link #state} (the stack's state transfer), reported as
 *       {@code state};</li>
 *   <li>{@code discard NAME...}: drop all traffic from and to these members (the stack's DISCARD protocol);
 *       {@code discard} alone lets everything through again;</li>
 *   <li>{@code lose RATE}: drop that share (0 to 1) of what this member receives (DISCARD's up rate);</li>
 *   <li>{@code block MILLIS}: every message delivered in the next MILLIS waits in the application until they are
 *       over, as a receiver stuck in its own code does ({@code blocking}, then {@code unblocked});</li>
 *   <li>{@code slow MILLIS}: answer every RPC that much later ({@code slowed}; each late answer is reported as
 *       {@code rpc-answered-late}); {@code slow 0} answers at once again;</li>
 *   <li>{@code leave}. End of stdin means the runner is gone: the node leaves and exits.</li>
 * </ul>
 */
public final class NodeProgram {
    /** The calls a node makes on its JGroups channel, implemented once per API family. */
    public interface Channel {
        /**
         * Creates the channel named {@code name} from {@code config}, with an RpcDispatcher whose server object
         * calls {@link NodeProgram#echo} when {@code rpc}, joins {@code cluster}, emits {@code started}.
         */
        void join(String name, String config, String cluster, boolean rpc) throws Exception;

        /** Sends {@code payload} to the member named {@code to}, or to all when {@code to} is null. */
        void send(String to, byte[] payload) throws Exception;

        /**
         * Calls {@code echo(text)} synchronously on the member named {@code to}, or on every member when null.
         *
         * @return one {@code NAME=REPLY} per member that answered ({@code NAME!EXCEPTION} when it threw)
         */
        List<String> call(String to, String text, long timeoutMillis) throws Exception;

        /** Makes the stack's DISCARD protocol drop everything from and to these members; none: drop nothing. */
        void discard(List<String> members) throws Exception;

        /** Makes the stack's DISCARD protocol drop this share (0 to 1) of what the member receives. */
        void lose(double rate) throws Exception;

        /** Sends {@code payload} to the site master of {@code site} (RELAY2's {@code SiteMaster} address). */
        void sendToSite(String site, byte[] payload) throws Exception;

        /** Takes and releases the cluster-wide lock {@code name} (CENTRAL_LOCK / CENTRAL_LOCK2 in the stack). */
        void lockAndUnlock(String name) throws Exception;

        /** Increments the cluster-wide counter {@code name} (COUNTER in the stack); returns its new value. */
        long increment(String name) throws Exception;

        /**
         * Fetches the coordinator's state ({@link NodeProgram#state}) through the stack's state transfer protocol and
         * returns it as text.
         */
        String fetchState(long timeoutMillis) throws Exception;

        /** Whether RELAY2 here (a site master) has a route to {@code site}. */
        boolean hasRoute(String site);

        /** This member's logical name. */
        String name();

        /** Leaves the cluster. */
        void close();
    }

    private final EventLine events;
    private final LoadTraffic load;
    /** This member's logical name, which {@link #echo} answers with. */
    private volatile String myName = "?";
    /** How long {@link #echo} takes before it answers ({@code slow}). */
    private volatile long echoDelayMillis;
    /** Until when ({@link System#nanoTime}) every delivery waits ({@code block}); 0: none does. */
    private volatile long blockedUntilNanos;

    private NodeProgram(EventLine events) {
        this.events = events;
        this.load = new LoadTraffic(events);
    }

    // --- running, and reading the commands ---

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
        if (args.length != 3 && !(args.length == 4 && args[3].equals("rpc"))) {
            events.emit("error", "message", "usage: ClusterNode NAME CONFIG_XML CLUSTER [rpc]");
            System.exit(2);
        }
        NodeProgram program = new NodeProgram(events);
        try {
            program.myName = args[0];
            Channel channel = channels.apply(program);
            channel.join(args[0], args[1], args[2], args.length == 4);
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
                } else if (line.startsWith("load-for ")) {
                    String[] words = line.split(" ");
                    loadFor(channel, Long.parseLong(words[1]), LoadShape.parse(words[2]));
                } else if (line.startsWith("load ")) {
                    String[] words = line.split(" ");
                    load(channel, Long.parseLong(words[1]), LoadShape.parse(words[2]));
                } else if (line.startsWith("large ")) {
                    String[] words = line.split(" ");
                    large(channel, target(words[1]), Integer.parseInt(words[2]), Integer.parseInt(words[3]));
                } else if (line.startsWith("rpc ")) {
                    int space = line.indexOf(' ', 4);
                    String to = target(line.substring(4, space));
                    String text = line.substring(space + 1);
                    List<String> replies = channel.call(to, text, RPC_TIMEOUT_MILLIS);
                    events.emit("rpc-called", "to", to, "text", text, "replies", replies);
                } else if (line.startsWith("ucast-site ")) {
                    int space = line.indexOf(' ', 11);
                    String site = line.substring(11, space);
                    String text = line.substring(space + 1);
                    channel.sendToSite(site, text.getBytes(StandardCharsets.UTF_8));
                    events.emit("sent", "to", "SiteMaster(" + site + ")", "text", text);
                } else if (line.startsWith("await-route ")) {
                    String site = line.substring(12);
                    long until = System.nanoTime() + ROUTE_WAIT_MILLIS * 1_000_000L;
                    while (!channel.hasRoute(site) && System.nanoTime() < until) Thread.sleep(50);
                    events.emit("route", "site", site, "up", String.valueOf(channel.hasRoute(site)));
                } else if (line.startsWith("lock ")) {
                    channel.lockAndUnlock(line.substring(5));
                    events.emit("locked", "lock", line.substring(5));
                } else if (line.startsWith("counter ")) {
                    long value = channel.increment(line.substring(8));
                    events.emit("counted", "counter", line.substring(8), "value", value);
                } else if (line.equals("state")) {
                    events.emit("state", "text", channel.fetchState(STATE_TIMEOUT_MILLIS));
                } else if (line.equals("discard") || line.startsWith("discard ")) {
                    List<String> members =
                            line.length() > 8 ? List.of(line.substring(8).split(" ")) : List.of();
                    channel.discard(members);
                    events.emit("discarding", "members", members);
                } else if (line.startsWith("block ")) {
                    long millis = Long.parseLong(line.substring(6));
                    blockedUntilNanos = System.nanoTime() + millis * 1_000_000L;
                    events.emit("blocking", "millis", millis);
                } else if (line.startsWith("slow ")) {
                    echoDelayMillis = Long.parseLong(line.substring(5));
                    events.emit("slowed", "millis", echoDelayMillis);
                } else if (line.startsWith("lose ")) {
                    double rate = Double.parseDouble(line.substring(5));
                    channel.lose(rate);
                    events.emit("losing", "rate", String.valueOf(rate));
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

    // --- what the commands do ---

    /** How long {@code await-route} waits for the bridge between site masters. */
    private static final long ROUTE_WAIT_MILLIS = 20_000;

    /** How long {@code state} waits for the state; it is a few bytes. */
    private static final long STATE_TIMEOUT_MILLIS = 20_000;

    /** How long an RPC waits for its replies; the scenarios' members all answer within milliseconds. */
    private static final long RPC_TIMEOUT_MILLIS = 10_000;

    /** A command's destination word: {@code *} means every member. */
    private static String target(String word) {
        return word.equals("*") ? null : word;
    }

    private void large(Channel channel, String to, int seq, int size) throws Exception {
        byte[] p = LargePayload.make(channel.name(), seq, size);
        channel.send(to, p);
        events.emit(
                "large-sent",
                "to",
                to,
                "size",
                p.length,
                "sha256",
                LargePayload.sha256(p, 0, p.length),
                "head",
                LargePayload.head(p, 0, p.length));
    }

    /**
     * The RPC method every member serves (called through its RpcDispatcher's server object): reports the call and
     * answers with a text that names this member and the call; after {@code slow MILLIS}, that much later (as a
     * member stuck in a slow database or a lock would).
     */
    public String echo(String text) throws InterruptedException {
        events.emit("rpc-handled", "text", text);
        long delay = echoDelayMillis;
        if (delay > 0) {
            Thread.sleep(delay);
            events.emit("rpc-answered-late", "text", text, "millis", delay);
        }
        return myName + " got " + text;
    }

    /** The state this member gives a joiner that asks for it ({@code state}): a text that names this member. */
    public byte[] state() {
        return ("state of " + myName).getBytes(StandardCharsets.UTF_8);
    }

    private void send(Channel channel, String to, String text) throws Exception {
        channel.send(to, text.getBytes(StandardCharsets.UTF_8));
        events.emit("sent", "to", to, "text", text);
    }

    /**
     * Sends load multicasts back to back for {@code millis}: {@code load A#n/0} (total not known yet), then one
     * {@code load A#N/N} that tells receivers the count.
     */
    private void loadFor(Channel channel, long millis, LoadShape shape) throws Exception {
        String me = channel.name();
        long start = System.nanoTime();
        long until = start + millis * 1_000_000;
        long seq = 0;
        while (System.nanoTime() < until) channel.send(null, shape.payload(me, ++seq, 0));
        seq++;
        channel.send(null, shape.payload(me, seq, seq));
        loadSent(seq, shape, start);
    }

    /** Sends {@code count} load multicasts back to back; {@code send} blocks while MFC has no credits. */
    private void load(Channel channel, long count, LoadShape shape) throws Exception {
        String me = channel.name();
        long start = System.nanoTime();
        for (long seq = 1; seq <= count; seq++) channel.send(null, shape.payload(me, seq, count));
        loadSent(count, shape, start);
    }

    /** Reports {@code load-sent}; {@code size} is the largest payload when sizes were drawn from a range. */
    private void loadSent(long count, LoadShape shape, long startNanos) {
        events.emit(
                "load-sent",
                "count",
                count,
                "size",
                shape.maxSize(),
                "millis",
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    // --- what the channel reports ---

    /** Reports a delivered message ({@code buf[off, off+len)}, UTF-8 text), or counts it when it is load traffic. */
    public void received(Object src, Object dest, byte[] buf, int off, int len) {
        waitWhileBlocked();
        if (load.deliver(src, buf, off, len)) return;
        if (LargePayload.is(buf, off, len)) {
            events.emit(
                    "large-received",
                    "from",
                    plain(src),
                    "to",
                    dest == null ? null : plain(dest),
                    "size",
                    len,
                    "sha256",
                    LargePayload.sha256(buf, off, len),
                    "head",
                    LargePayload.head(buf, off, len));
            return;
        }
        String text = new String(buf, off, len, StandardCharsets.UTF_8);
        events.emit("received", "from", plain(src), "to", dest == null ? null : plain(dest), "text", text);
    }

    /** Holds the delivering thread until the {@code block} is over (one sender's messages are delivered in order). */
    private void waitWhileBlocked() {
        long until = blockedUntilNanos;
        if (until == 0) return;
        long left = until - System.nanoTime();
        if (left > 0) {
            try {
                Thread.sleep(left / 1_000_000L + 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) { // the first thread out reports it
            if (blockedUntilNanos != until) return;
            blockedUntilNanos = 0;
        }
        events.emit("unblocked");
    }

    /** Reports a new view: its creator, id and members (by their {@code toString}, the logical names). */
    public void viewAccepted(Object creator, long id, List<?> members) {
        viewAccepted(creator, id, members, null);
    }

    /**
     * Reports a new view; {@code subgroups} non-null marks a MergeView: each subgroup's members, joined by commas
     * (a logical name holds no comma: the runner names members by letters).
     */
    public void viewAccepted(Object creator, long id, List<?> members, List<? extends List<?>> subgroups) {
        List<String> names = new ArrayList<>();
        for (Object a : members) names.add(plain(a));
        if (subgroups == null) {
            events.emit("view", "creator", plain(creator), "id", id, "members", names);
            return;
        }
        List<String> groups = new ArrayList<>();
        for (List<?> g : subgroups) {
            StringBuilder b = new StringBuilder();
            for (Object a : g) b.append(b.length() == 0 ? "" : ",").append(plain(a));
            groups.add(b.toString());
        }
        events.emit("view", "creator", plain(creator), "id", id, "members", names, "subgroups", groups);
    }

    /**
     * An address as the runner names members: RELAY2's SiteUUID prints as {@code A:lon}, reported as {@code A}
     * (the runner knows each member's site); a SiteMaster prints as {@code SiteMaster(nyc)} and stays so.
     */
    public static String plain(Object address) {
        String s = String.valueOf(address);
        int colon = s.indexOf(':');
        return colon > 0 && !s.startsWith("SiteMaster") ? s.substring(0, colon) : s;
    }
}
