package org.jgwire.output.parquet;

import io.airlift.compress.snappy.SnappyCompressor;

/** Snappy by aircompressor's pure-Java compressor: what DuckDB and Spark write by default, no native code. */
final class PageCompressor {
    private final SnappyCompressor snappy = new SnappyCompressor();

    /** Compresses {@code in[0, length)} to the end of {@code out}; returns the compressed size. */
    int compress(byte[] in, int length, PageBytes out) {
        out.reserve(snappy.maxCompressedLength(length));
        int n = snappy.compress(in, 0, length, out.array(), out.size(), out.array().length - out.size());
        out.skip(n);
        return n;
    }
}
