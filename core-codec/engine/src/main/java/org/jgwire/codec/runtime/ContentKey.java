package org.jgwire.codec.runtime;

import java.util.HexFormat;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * A name for a run of bytes (a class file, the rewriter's code): their length and two independent checksums,
 * CRC-32C and CRC-32. The processor computes both in a few instructions a block, even before the JIT has compiled
 * anything, where SHA-256 weighs on a short decode's start-up. The bytes named are jgwire's own and the bundled
 * jars', never a capture's, so the key needs no resistance to a chosen collision, only to a chance one: two
 * different class files of the same length would have to agree on 64 bits of checksum, and even then the JVM
 * refuses a class whose bytes name another.
 */
final class ContentKey {
    private final CRC32C crc32c = new CRC32C();
    private final CRC32 crc32 = new CRC32();
    private long length;

    ContentKey add(byte[] bytes) {
        crc32c.update(bytes, 0, bytes.length);
        crc32.update(bytes, 0, bytes.length);
        length += bytes.length;
        return this;
    }

    /** Lower-case hex of both checksums, then the length in decimal: a file name on every system. */
    String text() {
        long both = crc32c.getValue() << 32 | crc32.getValue();
        return HexFormat.of().toHexDigits(both) + "-" + length;
    }
}
