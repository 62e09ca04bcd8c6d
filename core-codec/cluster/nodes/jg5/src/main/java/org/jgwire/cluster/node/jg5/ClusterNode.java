package org.jgwire.cluster.node.jg5;

import java.io.InputStream;
import java.io.OutputStream;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.RpcDispatcher;
import org.jgwire.cluster.node.common.FamilyApi;
import org.jgwire.cluster.node.common.Member;
import org.jgwire.codec.cluster.node.NodeProgram;

/**
 * The node program of the JGroups 5.x family: one real member ({@link Member}) driven by jgwire's cluster runner;
 * commands, events and usage are {@link NodeProgram}'s. Class path: this jar, the jgwire-cluster jar and one
 * JGroups 5.x jar, nothing else.
 *
 * <p>5.x API: {@link Receiver} is an interface with default methods; payloads are {@link BytesMessage}s; an
 * {@link RpcDispatcher} takes the channel's up handler and reports views through {@code setReceiver}.
 */
public final class ClusterNode implements Receiver, FamilyApi {
    private final Member member;

    private ClusterNode(NodeProgram program) {
        member = new Member(program, this, this);
    }

    public static void main(String[] args) {
        NodeProgram.run(args, program -> new ClusterNode(program).member);
    }

    @Override
    public void receive(Message msg) {
        member.receive(msg);
    }

    @Override
    public void viewAccepted(View view) {
        member.viewAccepted(view);
    }

    @Override
    public void getState(OutputStream out) throws Exception {
        member.getState(out);
    }

    @Override
    public void setState(InputStream in) throws Exception {
        member.setState(in);
    }

    @Override
    public void lockAndUnlock(JChannel channel, String name) {
        // compiled against the newest 5.x jar, which has no locking (JGroups 5.4 removed it)
        throw new UnsupportedOperationException("the 5.x node program has no lock service");
    }

    @Override
    public Message message(Address dest, byte[] payload) {
        return new BytesMessage(dest, payload);
    }

    @Override
    public byte[] array(Message msg) {
        return msg.getArray();
    }

    @Override
    public RpcDispatcher dispatcher(JChannel channel, Object server) {
        return new RpcDispatcher(channel, server).setReceiver(this);
    }

    @Override
    public RequestOptions sync(long timeoutMillis) {
        return RequestOptions.SYNC().timeout(timeoutMillis);
    }
}
