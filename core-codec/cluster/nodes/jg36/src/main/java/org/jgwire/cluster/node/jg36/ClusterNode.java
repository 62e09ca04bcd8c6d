package org.jgwire.cluster.node.jg36;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.ReceiverAdapter;
import org.jgroups.View;
import org.jgroups.blocks.MethodCall;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.RpcDispatcher;
import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.relay.RELAY2;
import org.jgroups.protocols.relay.SiteMaster;
import org.jgroups.util.Rsp;
import org.jgroups.util.RspList;
import org.jgwire.codec.cluster.node.NodeProgram;

/**
 * One real JGroups 3.6 member, driven by jgwire's cluster runner over stdin/stdout: the 5.x API calls of a
 * node program; commands, events and usage are {@link NodeProgram}'s. Class path: this adapter jar, the core-codec
 * jar and one JGroups 3.6 jar, nothing else.
 *
 * <p>3.6 API: receivers extend {@link ReceiverAdapter}; payloads are plain {@link Message}s over a byte array; an
 * {@link RpcDispatcher} takes the channel's up handler and gets this node as its message and membership listener.
 */
public final class ClusterNode extends ReceiverAdapter implements NodeProgram.Channel {
    private final NodeProgram program;
    /** Every member ever seen in a view, by logical name: DISCARD must name members that already left the view. */
    private final Map<String, Address> known = new ConcurrentHashMap<>();

    private volatile JChannel channel;
    private volatile RpcDispatcher dispatcher;

    private ClusterNode(NodeProgram program) {
        this.program = program;
    }

    public static void main(String[] args) {
        NodeProgram.run(args, ClusterNode::new);
    }

    @Override
    public void join(String name, String config, String cluster, boolean rpc) throws Exception {
        JChannel ch = new JChannel(config).name(name);
        if (rpc) dispatcher = new RpcDispatcher(ch, this, this, program);
        else ch.setReceiver(this);
        channel = ch;
        ch.connect(cluster);
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
                        org.jgroups.Version.printVersion());
    }

    @Override
    public void send(String to, byte[] payload) throws Exception {
        Address dest = to == null ? null : member(to);
        channel.send(new Message(dest, payload));
    }

    @Override
    public List<String> call(String to, String text, long timeoutMillis) throws Exception {
        MethodCall call = new MethodCall("echo", new Object[] {text}, new Class<?>[] {String.class});
        RequestOptions opts = RequestOptions.SYNC().setTimeout(timeoutMillis);
        if (to != null) return List.of(to + "=" + dispatcher.callRemoteMethod(member(to), call, opts));
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
    public void sendToSite(String site, byte[] payload) throws Exception {
        channel.send(new Message(new SiteMaster(site), payload));
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
        channel.close();
    }

    private Address member(String name) {
        View view = channel.getView();
        for (Address a : view.getMembers()) if (name.equals(NodeProgram.plain(a))) return a;
        // the logical name may print as a bare UUID for a moment (3.6's name cache); the address seen under it stands
        Address seen = known.get(name);
        if (seen != null && view.containsMember(seen)) return seen;
        throw new IllegalArgumentException("no member named " + name + " in " + channel.getView());
    }

    @Override
    public void receive(Message msg) {
        program.received(msg.getSrc(), msg.getDest(), msg.getRawBuffer(), msg.getOffset(), msg.getLength());
    }

    @Override
    public void viewAccepted(View view) {
        for (Address a : view.getMembers()) known.put(NodeProgram.plain(a), a);
        List<List<Address>> subgroups = null;
        if (view instanceof MergeView) {
            MergeView mv = (MergeView) view;
            subgroups = new ArrayList<>();
            for (View v : mv.getSubgroups()) subgroups.add(v.getMembers());
        }
        program.viewAccepted(view.getViewId().getCreator(), view.getViewId().getId(), view.getMembers(), subgroups);
    }
}
