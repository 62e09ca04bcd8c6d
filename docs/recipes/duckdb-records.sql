-- The Parquet written by duckdb-jsonl-to-parquet.sql, one file or the parts of a split capture ('parts/*.parquet'),
-- as the table records that duckdb-analyses.sql reads (docs/scale-out.md).
SET VARIABLE parquet = coalesce(getvariable('parquet'), 'capture.parquet');
CREATE VIEW records AS SELECT * FROM read_parquet(getvariable('parquet'));
