package org.jgwire.codec.runtime;

/** Flag bits that every JGroups family from 3.6 to 5.x writes alike, read by the adapters of each. */
public final class WireFlags {
    private WireFlags() {}

    /** The frame flags after a transport frame's version short: {@code TP.LIST} (3.x/4.x), {@code Util.LIST} (5.x). */
    public static final int LIST = 1;

    /** The frame flags' {@code MULTICAST}: the frame went to the cluster, its messages have no destination. */
    public static final int MULTICAST = 2;

    /** A message's leading byte: {@code DEST_SET} ({@code Message} 3.x/4.x, {@code BaseMessage} 5.x). */
    public static final int DEST_SET = 1;

    /** A message's leading byte: {@code SRC_SET}. */
    public static final int SRC_SET = 2;

    /** A message's leading byte, 3.x/4.x only: {@code BUF_SET}, a payload follows the headers. */
    public static final int BUF_SET = 4;
}
