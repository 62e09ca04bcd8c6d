package org.jgwire.codec.cluster;

import java.io.IOException;

/** A test cluster did not do what the scenario needs (timeout, node error, early exit, no capture rights). */
public final class ClusterFailure extends IOException {
    public ClusterFailure(String message) {
        super(message);
    }

    public ClusterFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
