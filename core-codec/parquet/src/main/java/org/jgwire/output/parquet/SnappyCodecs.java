package org.jgwire.output.parquet;

import io.airlift.compress.snappy.SnappyCompressor;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Snappy pages by aircompressor's pure-Java compressor. parquet-java's own codec factory loads Hadoop's codec classes
 * for every codec, even for none; this one needs neither Hadoop nor native code. Snappy is what DuckDB writes by
 * default. Writing only: the decompressor is never asked for.
 */
final class SnappyCodecs implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.SNAPPY) throw new IllegalArgumentException("only Snappy, not " + codec);
        return new Compressor();
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("jgwire writes Parquet, it does not read it");
    }

    @Override
    public void release() {}

    private static final class Compressor implements BytesInputCompressor {
        private final SnappyCompressor snappy = new SnappyCompressor();
        private byte[] out = new byte[0];

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            byte[] in = bytes.toByteArray();
            int max = snappy.maxCompressedLength(in.length);
            if (out.length < max) out = new byte[max];
            int n = snappy.compress(in, 0, in.length, out, 0, out.length);
            return BytesInput.from(Arrays.copyOf(out, n));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
        }

        @Override
        public void release() {}
    }
}
