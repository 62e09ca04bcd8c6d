/**
 * Records as rows of one table, the columns docs/scale-out.md gives: what the Parquet writer and the Spark data
 * source write, the same rows the DuckDB recipe makes of the JSON Lines.
 */
package org.jgwire.output.table;
