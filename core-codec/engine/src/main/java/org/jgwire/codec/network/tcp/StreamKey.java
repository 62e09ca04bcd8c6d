package org.jgwire.codec.network.tcp;

import org.jgwire.codec.model.Endpoint;

/** One direction of a TCP connection: the bytes {@code src} sends to {@code dst}. */
record StreamKey(Endpoint src, Endpoint dst) {
    StreamKey reverse() {
        return new StreamKey(dst, src);
    }

    @Override
    public String toString() {
        return src + " -> " + dst;
    }
}
