-- duckdb-analyses.sql's two questions in Spark SQL (docs/scale-out.md, "Decoding on Spark"), asked of the view
-- records: spark.read.format("jgwire").load("parts/*.pcapng").createOrReplaceTempView("records"), or the Parquet
-- of decode or of the DuckDB recipe. The same views, the same answers: messages per member per second, RPC latency
-- per method (percentile_disc: the nearest rank, as quantile_disc and `jgwire stats`).

-- The messages as the wire carried them: a message the stack step took out of another one's payload (SEQUENCER,
-- COMPRESS of a whole message) is left out, its carrier counts. A member is known by its address; its name is the
-- one any record gave it (a record from before the discovery traffic shows the address).
CREATE OR REPLACE TEMPORARY VIEW messages AS
SELECT *,
    ts_ns div 1000000000 AS second,
    exists(transformed, t -> startswith(t, 'SEQUENCER unwrapped') OR endswith(t, 'into a serialized message'))
        AS carried
FROM records
WHERE kind = 'message';

CREATE OR REPLACE TEMPORARY VIEW member_names AS
SELECT src_addr, coalesce(max(src) FILTER (WHERE src <> src_addr), src_addr) AS member
FROM messages
WHERE src_addr IS NOT NULL
GROUP BY src_addr;

-- Messages per member per second of capture time.
CREATE OR REPLACE TEMPORARY VIEW messages_per_member_second AS
SELECT n.member, m.src_addr, m.second, timestamp_seconds(m.second) AS time, count(*) AS messages,
    sum(m.payload.length) AS payload_bytes
FROM messages m JOIN member_names n ON m.src_addr = n.src_addr
WHERE NOT coalesce(m.carried, false) AND m.second IS NOT NULL
GROUP BY n.member, m.src_addr, m.second;

-- RPCs, paired as `jgwire stats` pairs them: RequestCorrelator's header is the one with req_id and corrId; a
-- request is known by its sender's address and req_id (0: one-way, no response), its first copy counts; each
-- responder's first RSP or EXC_RSP sent back to that address with that req_id gives one latency.
CREATE OR REPLACE TEMPORARY VIEW rpc_headers AS
SELECT m.*, get_json_object(h.fields, '$.type') AS rpc_type,
    CAST(get_json_object(h.fields, '$.req_id') AS BIGINT) AS req_id
FROM (SELECT *,
          get(filter(headers, x -> array_contains(json_object_keys(x.fields), 'req_id')
              AND array_contains(json_object_keys(x.fields), 'corrId')), 0) AS h
      FROM messages) m
WHERE h IS NOT NULL AND src_addr IS NOT NULL;

-- The method: the first u16-length-prefixed ASCII identifier in the payload's first bytes (`MethodCall.writeTo`
-- writes the name with writeUTF), read from payload.hex (each candidate: its length at byte i, its bytes from
-- i + 2, all of them letters, digits, '_' or '$' as hex pairs), else the payload class's simple name, else '-'.
CREATE OR REPLACE TEMPORARY VIEW rpc_requests AS
SELECT src_addr AS requester, req_id, min(ts_ns) AS ts_ns, min_by(method, ts_ns) AS method
FROM (SELECT *,
          coalesce(
              get(transform(
                  filter(
                      transform(
                          sequence(0, greatest(length(payload.hex) div 2 - 3, 0)),
                          i -> named_struct(
                              'at', i + 2,
                              'n', CAST(conv(substr(payload.hex, 2 * i + 1, 4), 16, 10) AS INT))),
                      u -> u.n BETWEEN 1 AND 64 AND u.at + u.n <= length(payload.hex) div 2
                          AND substr(payload.hex, 2 * u.at + 1, 2 * u.n) RLIKE
        '(?i)^(4[1-9a-f]|5[0-9af]|6[1-9a-f]|7[0-9a]|24)(3[0-9]|4[1-9a-f]|5[0-9af]|6[1-9a-f]|7[0-9a]|24)*$'),
                  u -> decode(unhex(substr(payload.hex, 2 * u.at + 1, 2 * u.n)), 'US-ASCII')), 0),
              regexp_extract(payload.class, '[^.]*$', 0),
              '-') AS method
      FROM rpc_headers
      WHERE rpc_type = 'REQ' AND req_id > 0)
GROUP BY src_addr, req_id;

CREATE OR REPLACE TEMPORARY VIEW rpc_pairs AS
SELECT q.method, q.requester, q.req_id, r.src_addr AS responder,
    min(r.ts_ns) AS response_ts_ns, min_by(r.rpc_type, r.ts_ns) = 'EXC_RSP' AS exception,
    (min(r.ts_ns) - q.ts_ns) / 1e6 AS latency_ms
FROM rpc_requests q
JOIN rpc_headers r ON r.dest_addr = q.requester AND r.req_id = q.req_id AND r.ts_ns >= q.ts_ns
WHERE r.rpc_type IN ('RSP', 'EXC_RSP')
GROUP BY q.method, q.requester, q.req_id, q.ts_ns, r.src_addr;

-- Latency per method (p99 by the nearest-rank method, as `jgwire stats`).
CREATE OR REPLACE TEMPORARY VIEW rpc_latency AS
SELECT q.method, count(DISTINCT q.requester, q.req_id) AS requests,
    count(DISTINCT p.requester, p.req_id) AS answered, count(*) FILTER (WHERE p.exception) AS exceptions,
    count(p.latency_ms) AS responses,
    percentile_disc(0.5) WITHIN GROUP (ORDER BY p.latency_ms) AS p50_ms,
    percentile_disc(0.99) WITHIN GROUP (ORDER BY p.latency_ms) AS p99_ms,
    max(p.latency_ms) AS max_ms
FROM rpc_requests q LEFT JOIN rpc_pairs p ON p.requester = q.requester AND p.req_id = q.req_id
GROUP BY q.method;

SELECT member, time, messages FROM messages_per_member_second ORDER BY second, member;
SELECT method, requests, answered, exceptions, p50_ms, p99_ms, max_ms FROM rpc_latency ORDER BY method;
