package org.jgwire.codec.cluster.node;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The sizes and contents of the {@code load} scenario's payloads: one size ({@code 100}, padded with dots, as real
 * clusters' benchmarks send), or sizes drawn from a range ({@code 100-1000}) with printable ASCII text or, with
 * {@code binary}, any byte after the head. Draws are seeded by sender and sequence number, so the runner, every
 * member and the verifier compute the same payload for {@code load A#17/1000 } without anyone listing it.
 *
 * <p>Spelled as in the scenario's name: {@code SIZE}, {@code MIN-MAX} or {@code MIN-MAX:binary}
 * ({@code SIZE:binary} too). JDK only: node programs use it.
 *
 * @param minSize smallest payload in bytes
 * @param maxSize largest payload in bytes
 * @param binary  bytes after the head are any of 0 to 255, not printable text
 */
public record LoadShape(int minSize, int maxSize, boolean binary) {
    /** The size of {@code load} and {@code load:N}. */
    public static final int DEFAULT_SIZE = 100;

    private static final byte PAD = '.';
    /** Printable ASCII, space to tilde: the text variant's alphabet. */
    private static final int FIRST_PRINTABLE = 0x20, PRINTABLES = 0x7F - 0x20;

    public LoadShape {
        if (minSize < 0 || maxSize < minSize)
            throw new IllegalArgumentException("load sizes " + minSize + "-" + maxSize + ": need 0 <= MIN <= MAX");
    }

    /** {@code 100}, {@code 100-1000}, {@code 100-1000:binary}; throws IllegalArgumentException otherwise. */
    public static LoadShape parse(String spec) {
        String sizes = spec;
        boolean binary = false;
        if (spec.endsWith(":binary")) {
            sizes = spec.substring(0, spec.length() - ":binary".length());
            binary = true;
        }
        int dash = sizes.indexOf('-');
        try {
            if (dash < 0) return new LoadShape(Integer.parseInt(sizes), Integer.parseInt(sizes), binary);
            return new LoadShape(
                    Integer.parseInt(sizes.substring(0, dash)), Integer.parseInt(sizes.substring(dash + 1)), binary);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("load size '" + spec + "': expected SIZE, MIN-MAX or MIN-MAX:binary");
        }
    }

    /**
     * The shape of a {@code load} scenario named as in a manifest ({@code load}, {@code load:N},
     * {@code load:N:SHAPE}), or null for another scenario.
     */
    public static LoadShape ofScenario(String scenario) {
        if (scenario == null || !scenario.equals("load") && !scenario.startsWith("load:")) return null;
        String[] parts = scenario.split(":", 3);
        return parts.length > 2 ? parse(parts[2]) : new LoadShape(DEFAULT_SIZE, DEFAULT_SIZE, false);
    }

    /** The spelling {@link #parse} reads. */
    public String spec() {
        return (minSize == maxSize ? String.valueOf(minSize) : minSize + "-" + maxSize) + (binary ? ":binary" : "");
    }

    /** The old fixed-size payload: dots after the head, nothing drawn. */
    private boolean dotted() {
        return minSize == maxSize && !binary;
    }

    /** The size of {@code sender}'s message {@code seq}: a draw in [minSize, maxSize]. */
    public int size(String sender, long seq) {
        if (minSize == maxSize) return minSize;
        return minSize + (int) Long.remainderUnsigned(mix(seed(sender, seq) ^ 0x5DEECE66DL), maxSize - minSize + 1L);
    }

    /**
     * The payload of {@code sender}'s load message {@code seq} of {@code total}: {@code load A#17/1000 } and then
     * drawn bytes (or dots) up to {@link #size}; never cut below the head.
     */
    public byte[] payload(String sender, long seq, long total) {
        byte[] head = ("load " + sender + "#" + seq + "/" + total + " ").getBytes(StandardCharsets.US_ASCII);
        int size = size(sender, seq);
        if (head.length >= size) return head;
        byte[] p = Arrays.copyOf(head, size);
        if (dotted()) {
            Arrays.fill(p, head.length, size, PAD);
            return p;
        }
        long state = seed(sender, seq);
        for (int i = head.length; i < size; i += 8) {
            state += 0x9E3779B97F4A7C15L;
            long word = mix(state);
            for (int k = 0; k < 8 && i + k < size; k++, word >>>= 8) {
                int b = (int) word & 0xFF;
                p[i + k] = (byte) (binary ? b : FIRST_PRINTABLE + b % PRINTABLES);
            }
        }
        return p;
    }

    private static long seed(String sender, long seq) {
        return sender.hashCode() * 0xBF58476D1CE4E5B9L + seq;
    }

    /** SplitMix64's finalizer: a well-spread 64-bit value from any input. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
