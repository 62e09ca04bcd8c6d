package org.jgwire.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/** One capture file, decoded whole by one task: TCP streams and fragment sets never cross files. */
record CapturePartition(String file) implements InputPartition {}
