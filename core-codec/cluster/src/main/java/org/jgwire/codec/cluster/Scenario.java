package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.Map;

/**
 * What the members of a test cluster do once every one of them sees the full view. One small class per scenario;
 * {@link Scenarios#parse} picks it by name. The runner starts the capture and the members before, and lets the
 * members that are still alive leave (coordinator last) and stops the capture after.
 */
interface Scenario {
    /** The name as given, e.g. {@code chat} or {@code large:frag3}: it goes into the manifest. */
    String name();

    /** Fewest members the scenario makes sense with. */
    default int minNodes() {
        return 1;
    }

    /**
     * Stack template values this scenario needs instead of {@link StackTemplate#DEFAULTS} (short failure
     * detection for {@code crash}, a DISCARD protocol for {@code partition-merge}, another FRAG protocol).
     */
    default Map<String, String> stackTokens() {
        return Map.of();
    }

    /** Whether each member must run in a network namespace of its own ({@code --netns-per-member}). */
    default boolean needsNetnsPerMember() {
        return false;
    }

    /** Whether the members need an RpcDispatcher (which takes every message: no plain sends then). */
    default boolean rpc() {
        return false;
    }

    /** The capture's kernel ring size. */
    default int captureBufferBytes() {
        return LoopbackCapture.BUFFER_BYTES;
    }

    /** Drives the members; returns when everything the scenario expects was seen (else a ClusterFailure). */
    void run(Cluster cluster) throws IOException, InterruptedException;
}
