package org.jgwire.codec.capture;

import java.util.Set;

/**
 * What the user said about an input.
 *
 * @param tcp    the bytes of a hex or raw input are one TCP stream (ParseMessages' {@code -tcp}): consecutive lines
 *               or reads continue stream 0 instead of each being one datagram
 * @param format null to detect the kind from the first bytes, else one of {@code pcap}, {@code pcapng},
 *               {@code hex}, {@code follow}, {@code raw}
 * @param backToBack raw bytes that are not one TCP stream hold datagrams back to back, as ParseMessages reads a binary
 *               input without {@code -tcp}, instead of one single datagram ({@code tcp} wins over it)
 */
public record InputHints(boolean tcp, String format, boolean backToBack) {
    /** Detect everything, datagrams unless the input says otherwise. */
    public static final InputHints AUTO = new InputHints(false, null);

    /** The accepted values of {@code format}. */
    public static final Set<String> FORMATS = Set.of("pcap", "pcapng", "hex", "follow", "raw");

    /** Hints where raw bytes that are no stream are one single datagram. */
    public InputHints(boolean tcp, String format) {
        this(tcp, format, false);
    }

    public InputHints {
        if (format != null && !FORMATS.contains(format)) {
            throw new IllegalArgumentException("input format '" + format
                    + "' is not one of pcap, pcapng, hex, follow, raw (or leave it out to detect it)");
        }
    }
}
