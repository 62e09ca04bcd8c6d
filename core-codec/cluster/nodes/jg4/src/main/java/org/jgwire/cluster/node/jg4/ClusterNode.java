package org.jgwire.cluster.node.jg4;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.locks.Lock;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.ReceiverAdapter;
import org.jgroups.View;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.RpcDispatcher;
import org.jgroups.blocks.locking.LockService;
import org.jgwire.cluster.node.common.FamilyApi;
import org.jgwire.cluster.node.common.Member;
import org.jgwire.codec.cluster.node.NodeProgram;

/**
 * The node program of the JGroups 4.x family: one real member ({@link Member}) driven by jgwire's cluster runner;
 * commands, events and usage are {@link NodeProgram}'s. Class path: this jar, the jgwire-cluster jar and one
 * JGroups 4.x jar, nothing else.
 *
 * <p>4.x API: receivers extend {@link ReceiverAdapter}; payloads are plain {@link Message}s over a byte array; an
 * {@link RpcDispatcher} takes the channel's up handler and reports views through {@code setMembershipListener}.
 */
public final class ClusterNode extends ReceiverAdapter implements FamilyApi {
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
        Lock lock = new LockService(channel).getLock(name);
        lock.lock();
        lock.unlock();
    }

    @Override
    public Message message(Address dest, byte[] payload) {
        return new Message(dest, payload);
    }

    @Override
    public byte[] array(Message msg) {
        return msg.getRawBuffer();
    }

    @Override
    public RpcDispatcher dispatcher(JChannel channel, Object server) {
        return new RpcDispatcher(channel, server).setMembershipListener(this);
    }

    @Override
    public RequestOptions sync(long timeoutMillis) {
        return RequestOptions.SYNC().timeout(timeoutMillis);
    }
}
