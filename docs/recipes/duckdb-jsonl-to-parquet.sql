-- `jgwire decode --format jsonl` output through DuckDB into Parquet (docs/scale-out.md), streamed (no table is
-- held). In: the variable jsonl, a file or a glob ('parts/*.jsonl'), capture.jsonl when unset.
-- Out: the Parquet file of the variable parquet, capture.parquet when unset.
-- The columns and their types are those of docs/json-lines.md; keys not listed here are ignored, as that page asks.
SET VARIABLE jsonl = coalesce(getvariable('jsonl'), 'capture.jsonl');
SET VARIABLE parquet = coalesce(getvariable('parquet'), 'capture.parquet');
COPY (SELECT *
FROM read_json(
    getvariable('jsonl'),
    format = 'newline_delimited',
    columns = {
        kind: 'VARCHAR',
        frame: 'BIGINT',
        ts_ns: 'BIGINT',
        transport: 'VARCHAR',
        src_ep: 'VARCHAR',
        dst_ep: 'VARCHAR',
        version: 'VARCHAR',
        type: 'VARCHAR',
        flags: 'INTEGER',
        flag_names: 'VARCHAR[]',
        src: 'VARCHAR',
        src_addr: 'VARCHAR',
        dest: 'VARCHAR',
        dest_addr: 'VARCHAR',
        multicast: 'BOOLEAN',
        cluster: 'VARCHAR',
        batch_index: 'INTEGER',
        batch_size: 'INTEGER',
        headers: 'STRUCT(protocol VARCHAR, header VARCHAR, fields JSON, "offset" BIGINT, length BIGINT)[]',
        payload: 'STRUCT(length BIGINT, text VARCHAR, class VARCHAR, hex VARCHAR)',
        reassembled_from: 'BIGINT[]',
        transformed: 'VARCHAR[]',
        problem: 'VARCHAR',
        "offset": 'BIGINT',
        message: 'VARCHAR'
    })) TO (getvariable('parquet')) (FORMAT parquet);
