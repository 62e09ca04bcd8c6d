package org.jgwire.codec.capture;

/**
 * The capture interface a packet was read on, as a writer of the same packets needs it: a pcapng Interface
 * Description Block, or a pcap file's header.
 *
 * @param section  the pcapng section it belongs to (0 for pcap): interface numbers start again in each section
 * @param index    its number within the section
 * @param linkType the LINKTYPE_ value
 * @param snaplen  the snap length
 * @param tsresol  the timestamp resolution as pcapng's {@code if_tsresol} (6 microseconds, 9 nanoseconds; the high
 *                 bit set: a power of 2)
 */
public record CaptureInterface(int section, int index, int linkType, int snaplen, int tsresol) {
    /** Nanosecond timestamps, for packets whose input names no interface (a live capture). */
    public static CaptureInterface nanos(int linkType, int snaplen) {
        return new CaptureInterface(0, 0, linkType, snaplen, 9);
    }
}
