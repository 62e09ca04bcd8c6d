package org.jgwire.codec.cluster;

/** A running capture of the cluster's traffic: on the host's {@code lo}, or in the run's network namespace. */
interface PacketCapture {
    /**
     * Stops it and closes its output.
     *
     * @return packets written and packets the kernel dropped (-1 unknown)
     */
    long[] stop() throws ClusterFailure, InterruptedException;
}
