package org.jgwire.cluster.node.common;

import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.RpcDispatcher;

/** The JGroups calls whose signatures differ between API families: each family's {@code ClusterNode} makes them. */
public interface FamilyApi {
    /** A message of {@code payload} to {@code dest}, or to all when null. */
    Message message(Address dest, byte[] payload);

    /** The array a received message's payload lies in, at its offset and length. */
    byte[] array(Message msg);

    /** An RpcDispatcher on {@code channel} that calls {@code server} and reports views to the family's receiver. */
    RpcDispatcher dispatcher(JChannel channel, Object server);

    /**
     * Takes and releases the cluster-wide lock {@code name} through the stack's locking protocol (LockService in
     * 3.6 and 4.x; JGroups 5.4 dropped locking, so the 5.x family has none).
     */
    void lockAndUnlock(JChannel channel, String name) throws Exception;

    /** The options of a synchronous call that waits {@code timeoutMillis} at most. */
    RequestOptions sync(long timeoutMillis);
}
