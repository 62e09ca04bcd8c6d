package org.jgwire.codec.model;

/**
 * One sighting of a message in one of several captures of a cluster (one capture per host).
 *
 * @param capture the capture's label (its file name)
 * @param packet  the packet number in that capture
 * @param tsNanos when, on the merged timeline (the capture's own time less its clock offset)
 * @param sent    whether the capture's host sent it (else the host received it)
 */
public record Observation(String capture, long packet, long tsNanos, boolean sent) {}
