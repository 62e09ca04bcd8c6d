package org.jgwire.codec.cluster;

import java.nio.file.Path;

/**
 * The outcome of a successful {@link ClusterRunner#run}.
 *
 * @param manifest       what the cluster did
 * @param manifestFile   where the manifest was written
 * @param capture        the capture file, or null when the spec asked for none, for a stream, or capturing failed
 * @param workDir        the run's stack XMLs, the children's logs (stderr) and maybe the manifest; null when it was
 *                       deleted (after a capture to a file, unless the spec keeps logs); after a failure the
 *                       exception names it
 * @param captureProblem why there is no capture although one was asked for (no rights, no libpcap), or null
 */
public record ClusterRun(Manifest manifest, Path manifestFile, Path capture, Path workDir, String captureProblem) {}
