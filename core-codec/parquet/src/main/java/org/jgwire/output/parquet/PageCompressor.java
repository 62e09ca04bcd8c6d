package org.jgwire.output.parquet;

import io.airlift.compress.snappy.SnappyCompressor;
import java.util.Arrays;

/**
 * Snappy by aircompressor's pure-Java compressor (what DuckDB and Spark write by default; no native code, no
 * Hadoop codec classes), with one scratch buffer shared by every column of a file: columns are encoded one at a time.
 */
final class PageCompressor {
    private final SnappyCompressor snappy = new SnappyCompressor();
    private byte[] scratch = new byte[0];

    byte[] compress(byte[] in, int length) {
        int max = snappy.maxCompressedLength(length);
        if (scratch.length < max) scratch = new byte[max];
        int n = snappy.compress(in, 0, length, scratch, 0, scratch.length);
        return Arrays.copyOf(scratch, n);
    }
}
