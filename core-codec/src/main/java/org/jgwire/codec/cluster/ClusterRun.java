package org.jgwire.codec.cluster;

import java.nio.file.Path;

/**
 * The outcome of a successful {@link ClusterRunner#run}.
 *
 * @param manifest     what the cluster did
 * @param manifestFile where the manifest was written
 * @param capture      the pcap file, or null when the spec asked for none
 * @param workDir      the run's stack XMLs, the children's logs (stderr) and the manifest, kept only when there is
 *                     no capture (else deleted, and null here); after a failure the exception names it
 */
public record ClusterRun(Manifest manifest, Path manifestFile, Path capture, Path workDir) {}
