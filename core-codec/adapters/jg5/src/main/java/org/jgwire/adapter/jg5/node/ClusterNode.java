package org.jgwire.adapter.jg5.node;

import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgwire.codec.cluster.node.NodeProgram;

/**
 * One real JGroups 5.x member, driven by jgwire's cluster runner over stdin/stdout: the 5.x API calls of a
 * node program; commands, events and usage are {@link NodeProgram}'s. Class path: this adapter jar, the core-codec
 * jar and one JGroups 5.x jar, nothing else.
 *
 * <p>5.x API: {@link Receiver} is an interface with default methods; payloads are {@link BytesMessage}s.
 */
public final class ClusterNode implements Receiver, NodeProgram.Channel {
    private final NodeProgram program;
    private volatile JChannel channel;

    private ClusterNode(NodeProgram program) {
        this.program = program;
    }

    public static void main(String[] args) {
        NodeProgram.run(args, ClusterNode::new);
    }

    @Override
    public void join(String name, String config, String cluster) throws Exception {
        JChannel ch = new JChannel(config).name(name);
        ch.setReceiver(this);
        channel = ch;
        ch.connect(cluster);
        Object physical = ch.down(new Event(Event.GET_PHYSICAL_ADDRESS, ch.getAddress()));
        program.events().emit("started", "name", name, "uuid", ch.getAddressAsUUID(), "physical",
                String.valueOf(physical), "cluster", cluster, "version", org.jgroups.Version.printVersion());
    }

    @Override
    public void send(String to, byte[] payload) throws Exception {
        Address dest = to == null ? null : member(to);
        channel.send(new BytesMessage(dest, payload));
    }

    @Override
    public String name() {
        return channel.getName();
    }

    @Override
    public void close() {
        channel.close();
    }

    private Address member(String name) {
        for (Address a : channel.getView().getMembers()) if (name.equals(a.toString())) return a;
        throw new IllegalArgumentException("no member named " + name + " in " + channel.getView());
    }

    @Override
    public void receive(Message msg) {
        program.received(msg.getSrc(), msg.getDest(), msg.getArray(), msg.getOffset(), msg.getLength());
    }

    @Override
    public void viewAccepted(View view) {
        program.viewAccepted(view.getViewId().getCreator(), view.getViewId().getId(), view.getMembers());
    }
}
