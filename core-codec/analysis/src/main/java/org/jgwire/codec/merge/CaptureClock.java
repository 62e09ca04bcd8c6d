package org.jgwire.codec.merge;

/**
 * One capture in a merge: the host it was taken on (the address its packets share) and how far its clock is off
 * the first capture's, the merged timeline's reference.
 *
 * @param label       the capture's file name
 * @param host        the host's IP address, null when none stood out
 * @param offsetNanos the capture's time less the merged time: subtracted from its timestamps
 * @param how         {@code reference}, {@code estimated} (minimum one-way delays both ways), {@code one-way}
 *                    (messages seen only one way: the delay taken as zero), {@code given} ({@code --clock-offset}),
 *                    or {@code unknown} (no message seen both here and in a capture with a known clock: 0 taken)
 * @param pairs       the messages seen both here and in the capture it was estimated against
 */
public record CaptureClock(String label, String host, long offsetNanos, String how, long pairs) {}
