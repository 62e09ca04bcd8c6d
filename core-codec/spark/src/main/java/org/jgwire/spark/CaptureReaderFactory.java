package org.jgwire.spark;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Sent to the executors with each task: the read's settings and the Hadoop configuration to open files with. */
final class CaptureReaderFactory implements PartitionReaderFactory {
    private final DecodeSettings settings;
    private final HashMap<String, String> hadoopConf;

    CaptureReaderFactory(DecodeSettings settings, Map<String, String> hadoopConf) {
        this.settings = settings;
        this.hadoopConf = new HashMap<>(hadoopConf);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new CaptureReader(
                ((CapturePartition) partition).file(), settings, CaptureFiles.configuration(hadoopConf));
    }
}
