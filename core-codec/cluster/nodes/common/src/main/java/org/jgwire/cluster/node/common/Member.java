package org.jgwire.cluster.node.common;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.Version;
import org.jgroups.View;
import org.jgroups.ViewId;
import org.jgroups.blocks.MethodCall;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.RpcDispatcher;
import org.jgroups.blocks.atomic.CounterService;
import org.jgroups.fork.ForkChannel;
import org.jgroups.protocols.ASYM_ENCRYPT;
import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.FORK;
import org.jgroups.protocols.relay.RELAY2;
import org.jgroups.protocols.relay.SiteMaster;
import org.jgroups.stack.Protocol;
import org.jgroups.util.Rsp;
import org.jgroups.util.RspList;
import org.jgwire.codec.cluster.node.NodeProgram;

/**
 * One real JGroups member: the channel calls of a node program that read the same in every API family, compiled
 * into each family's node jar against its own JGroups jar. The calls that differ are the family's {@link FamilyApi};
 * its receiver hands deliveries and views to {@link #receive} and {@link #viewAccepted}.
 */
public final class Member implements NodeProgram.Channel {
    private final NodeProgram program;
    private final Receiver receiver;
    private final FamilyApi api;
    /** Every member ever seen in a view, by logical name: DISCARD must name members that already left the view. */
    private final Map<String, Address> known = new ConcurrentHashMap<>();

    private volatile JChannel channel;
    /** The fork channel the member sends and receives on when its stack has FORK, else null. */
    private volatile ForkChannel fork;
    /** The view reported last. */
    private ViewId lastView;
    /** The ASYM_ENCRYPT session key reported last (the runner writes each one into the capture's key log). */
    private volatile Key reportedKey;

    private volatile RpcDispatcher dispatcher;
    private volatile CounterService counters;
    /** The state the last {@link #fetchState} got. */
    private volatile String stateReceived;

    /** The fork stack and channel of the member's messages on a stack with FORK. */
    static final String FORK_STACK = "jgwire-fork";

    static final String FORK_CHANNEL = "chat";

    public Member(NodeProgram program, Receiver receiver, FamilyApi api) {
        this.program = program;
        this.receiver = receiver;
        this.api = api;
    }

    @Override
    public void join(String name, String config, String cluster, boolean rpc) throws Exception {
        JChannel ch = new JChannel(config).name(name);
        if (rpc) dispatcher = api.dispatcher(ch, program);
        else ch.setReceiver(receiver);
        // a stack with FORK carries the member's messages on a fork channel, as the applications of such stacks do
        // (WildFly's): their messages then travel with FORK's header naming the fork stack and channel
        ForkChannel f = !rpc && ch.getProtocolStack().findProtocol(FORK.class) != null
                ? new ForkChannel(ch, FORK_STACK, FORK_CHANNEL)
                : null;
        if (f != null) f.setReceiver(receiver);
        channel = ch;
        ch.connect(cluster);
        if (f != null) f.connect(cluster);
        fork = f;
        Object physical = ch.down(new Event(Event.GET_PHYSICAL_ADDRESS, ch.getAddress()));
        program.events()
                .emit(
                        "started",
                        "name",
                        name,
                        "uuid",
                        ch.getAddressAsUUID(),
                        "physical",
                        String.valueOf(physical),
                        "cluster",
                        cluster,
                        "version",
                        Version.printVersion());
    }

    @Override
    public void send(String to, byte[] payload) throws Exception {
        JChannel on = fork != null ? fork : channel;
        on.send(api.message(to == null ? null : address(to), payload));
    }

    @Override
    public List<String> call(String to, String text, long timeoutMillis) throws Exception {
        MethodCall call = new MethodCall("echo", new Object[] {text}, new Class<?>[] {String.class});
        RequestOptions opts = api.sync(timeoutMillis);
        if (to != null) return List.of(to + "=" + dispatcher.callRemoteMethod(address(to), call, opts));
        RspList<Object> rsps = dispatcher.callRemoteMethods(null, call, opts);
        List<String> out = new ArrayList<>();
        for (Map.Entry<Address, Rsp<Object>> e : rsps.entrySet()) {
            Rsp<Object> r = e.getValue();
            out.add(e.getKey()
                    + (r.hasException() ? "!" + r.getException() : r.wasReceived() ? "=" + r.getValue() : "!no reply"));
        }
        return out;
    }

    @Override
    public void discard(List<String> members) {
        // cast: 3.6's findProtocol returns a Protocol (4.x and 5.x infer the type)
        DISCARD d = (DISCARD) channel.getProtocolStack().findProtocol(DISCARD.class);
        if (d == null) throw new IllegalStateException("the stack has no DISCARD protocol");
        d.resetIgnoredMembers();
        for (String m : members) {
            Address a = known.get(m);
            if (a == null) throw new IllegalArgumentException("no member named " + m + " seen in any view");
            d.addIgnoreMember(a);
        }
    }

    @Override
    public void lose(double rate) {
        DISCARD d = (DISCARD) channel.getProtocolStack().findProtocol(DISCARD.class);
        if (d == null) throw new IllegalStateException("the stack has no DISCARD protocol");
        d.setUpDiscardRate(rate);
    }

    @Override
    public void sendToSite(String site, byte[] payload) throws Exception {
        channel.send(api.message(new SiteMaster(site), payload));
    }

    @Override
    public void lockAndUnlock(String name) throws Exception {
        api.lockAndUnlock(channel, name);
    }

    @Override
    public long increment(String name) throws Exception {
        if (counters == null) counters = new CounterService(channel);
        return counters.getOrCreateCounter(name, 0).incrementAndGet();
    }

    @Override
    public String fetchState(long timeoutMillis) throws Exception {
        stateReceived = null;
        channel.getState(null, timeoutMillis); // returns once setState ran
        return stateReceived;
    }

    /** The family's receiver's {@code getState}: this member's state for a member that asked for it. */
    public void getState(OutputStream out) throws Exception {
        out.write(program.state());
    }

    /** The family's receiver's {@code setState}: the state this member asked for. */
    public void setState(InputStream in) throws Exception {
        stateReceived = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public boolean hasRoute(String site) {
        RELAY2 relay = (RELAY2) channel.getProtocolStack().findProtocol(RELAY2.class);
        return relay != null && relay.getRoute(site) != null;
    }

    @Override
    public String name() {
        return channel.getName();
    }

    @Override
    public void close() {
        if (dispatcher != null) dispatcher.stop();
        if (fork != null) fork.close();
        channel.close();
    }

    private Address address(String name) {
        View view = channel.getView();
        for (Address a : view.getMembers()) if (name.equals(NodeProgram.plain(a))) return a;
        // the logical name may print as a bare UUID for a moment (3.6's name cache); the address seen under it stands
        Address seen = known.get(name);
        if (seen != null && view.containsMember(seen)) return seen;
        throw new IllegalArgumentException("no member named " + name + " in " + channel.getView());
    }

    /** A message delivered to the family's receiver. */
    public void receive(Message msg) {
        reportSessionKey();
        program.received(msg.getSrc(), msg.getDest(), api.array(msg), msg.getOffset(), msg.getLength());
    }

    /** A view installed, as the family's receiver got it. */
    public void viewAccepted(View view) {
        // with a fork channel both channels' receivers are this member's: each view is reported once
        synchronized (this) {
            if (view.getViewId().equals(lastView)) return;
            lastView = view.getViewId();
        }
        reportSessionKey();
        for (Address a : view.getMembers()) known.put(NodeProgram.plain(a), a);
        List<List<Address>> subgroups = null;
        if (view instanceof MergeView mv) {
            subgroups = new ArrayList<>();
            for (View v : mv.getSubgroups()) subgroups.add(v.getMembers());
        }
        program.viewAccepted(view.getViewId().getCreator(), view.getViewId().getId(), view.getMembers(), subgroups);
    }

    /**
     * ASYM_ENCRYPT's shared key lives only in the members' memory: each new one is reported (an event the runner
     * writes into the capture's key log, as a TLS key log), so that a test capture can be decrypted.
     */
    private void reportSessionKey() {
        JChannel ch = channel;
        if (ch == null) return;
        Protocol p = ch.getProtocolStack().findProtocol(ASYM_ENCRYPT.class);
        if (!(p instanceof ASYM_ENCRYPT asym)) return;
        Key key = asym.secretKey();
        if (key == null || key.equals(reportedKey)) return;
        reportedKey = key;
        program.events()
                .emit(
                        "session_key",
                        "protocol",
                        "ASYM_ENCRYPT",
                        "hex",
                        HexFormat.of().formatHex(key.getEncoded()));
    }
}
