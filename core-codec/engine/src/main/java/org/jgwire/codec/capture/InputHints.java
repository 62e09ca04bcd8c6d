package org.jgwire.codec.capture;

import java.util.Set;

/**
 * What the user said about an input.
 *
 * @param tcp    the bytes of a hex or raw input are one TCP stream (ParseMessages' {@code -tcp}): consecutive lines
 *               or reads continue stream 0 instead of each being one datagram
 * @param format null to detect the kind from the first bytes, else one of {@code pcap}, {@code pcapng},
 *               {@code hex}, {@code follow}, {@code raw}
 */
public record InputHints(boolean tcp, String format) {
    /** Detect everything, datagrams unless the input says otherwise. */
    public static final InputHints AUTO = new InputHints(false, null);

    /** The accepted values of {@code format}. */
    public static final Set<String> FORMATS = Set.of("pcap", "pcapng", "hex", "follow", "raw");

    public InputHints {
        if (format != null && !FORMATS.contains(format)) {
            throw new IllegalArgumentException("input format '" + format
                    + "' is not one of pcap, pcapng, hex, follow, raw (or leave it out to detect it)");
        }
    }
}
