package org.jgwire.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The captures a {@code load} names, as one table of decoded records. */
final class CaptureTable implements SupportsRead {
    private final CaseInsensitiveStringMap options;

    CaptureTable(CaseInsensitiveStringMap options) {
        this.options = options;
    }

    @Override
    public String name() {
        return "jgwire " + CaptureFiles.patterns(options);
    }

    @Override
    public StructType schema() {
        return RowSchema.STRUCT;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        return new CaptureScan(scanOptions.isEmpty() ? options : scanOptions);
    }
}
