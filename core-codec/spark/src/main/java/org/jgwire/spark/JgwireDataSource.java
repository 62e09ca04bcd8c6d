package org.jgwire.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("jgwire").load("parts/*.pcapng")}: captures decoded on the executors, one row per record
 * with the columns of {@code jgwire decode --format parquet} (docs/scale-out.md). Each file is one partition, decoded
 * as {@code jgwire decode} decodes it. Options: {@code names} (a names file, as {@code decode --names}),
 * {@code payloadBytes} (as {@code --payload-bytes}), {@code home} (the jgwire distribution on the executors, for its
 * JGroups jars).
 */
public final class JgwireDataSource implements TableProvider, DataSourceRegister {
    @Override
    public String shortName() {
        return "jgwire";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return RowSchema.STRUCT;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        if (schema != null && !schema.equals(RowSchema.STRUCT))
            throw new IllegalArgumentException("jgwire rows have the columns of decode's Parquet, not a schema of the "
                    + "reader's: " + schema.simpleString());
        return new CaptureTable(new CaseInsensitiveStringMap(properties));
    }
}
