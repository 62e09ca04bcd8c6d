package org.jgwire.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The scan of the captures: one partition per file, planned on the driver, each decoded where it is read. */
final class CaptureScan implements ScanBuilder, Scan, Batch {
    private final CaseInsensitiveStringMap options;

    CaptureScan(CaseInsensitiveStringMap options) {
        this.options = options;
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return RowSchema.STRUCT;
    }

    @Override
    public String description() {
        return "jgwire captures " + CaptureFiles.patterns(options);
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        Configuration conf = hadoopConf();
        try {
            return CaptureFiles.expand(CaptureFiles.patterns(options), conf).stream()
                    .map(CapturePartition::new)
                    .toArray(InputPartition[]::new);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        Configuration conf = hadoopConf();
        try {
            return new CaptureReaderFactory(DecodeSettings.of(options, conf), CaptureFiles.entries(conf));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The session's Hadoop configuration with this read's options (fs.* keys given as options reach the FS). */
    private Configuration hadoopConf() {
        Configuration conf = SparkSession.active().sessionState().newHadoopConf();
        for (Map.Entry<String, String> e : options.asCaseSensitiveMap().entrySet()) conf.set(e.getKey(), e.getValue());
        return conf;
    }
}
