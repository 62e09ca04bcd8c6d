package org.jgwire.codec.analysis.clusters;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.Records;
import org.jgwire.codec.analysis.clusters.ClusterSenders.Sender;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class ClusterSendersTest {
    private static final long T0 = 1_700_000_000_000_000_000L;

    @Test
    void countsEachMembersMessagesPerClusterWithItsFirstAndLastTime() {
        ClusterSenders senders = new ClusterSenders();
        senders.accept(message(1, A, "orders"));
        senders.accept(message(2, B, "orders"));
        senders.accept(message(5, A, "orders"));
        senders.accept(message(7, A, null));
        assertEquals(
                List.of(
                        new Sender("orders", A, 2, T0 + ms(1), T0 + ms(5)),
                        new Sender("orders", B, 1, T0 + ms(2), T0 + ms(2)),
                        new Sender("?", A, 1, T0 + ms(7), T0 + ms(7))),
                senders.result());
    }

    @Test
    void tellsTheMembersThatSentUnderSeveralClusterNames() {
        ClusterSenders senders = new ClusterSenders();
        senders.accept(message(1, A, "orders"));
        senders.accept(message(2, B, "orders"));
        senders.accept(message(3, A, "orders-test"));
        assertEquals(Map.of(A.id(), List.of("orders", "orders-test")), senders.membersOfSeveralClusters());
    }

    @Test
    void signalsAndMessagesWithoutSenderAreNoSenders() {
        ClusterSenders senders = new ClusterSenders();
        FrameInfo fdSock = new FrameInfo(1, T0, null, null, Transport.FD_SOCK);
        senders.accept(MessageRecord.signal(fdSock, "NORMAL_TERMINATION", A, 1));
        senders.accept(message(2, null, "orders"));
        assertTrue(senders.result().isEmpty(), senders.result().toString());
    }

    @Test
    void isOneOfTheRegisteredAnalyses() {
        Analyses all = Analyses.all(true);
        all.accept(message(1, A, "orders"));
        assertEquals(1, all.get(ClusterSenders.class).result().size());
    }

    private static long ms(long n) {
        return n * 1_000_000L;
    }

    /** A message from {@code src} under {@code cluster}, {@code packet} milliseconds into the capture. */
    private static MessageRecord message(long packet, NodeAddress src, String cluster) {
        MessageRecord m = Records.message(packet, packet, src, null, 7800, null);
        return m.toBuilder().cluster(cluster).build();
    }
}
