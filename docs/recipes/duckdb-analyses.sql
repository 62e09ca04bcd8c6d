-- Two questions `jgwire stats` answers, asked in SQL of the table records (duckdb-records.sql), so that they can be
-- asked of captures too big for one machine (docs/scale-out.md).

-- The messages as the wire carried them: a message the stack step took out of another one's payload (SEQUENCER,
-- COMPRESS of a whole message) is left out, its carrier counts. A member is known by its address; its name is the
-- one any record gave it (a record from before the discovery traffic shows the address).
CREATE VIEW messages AS
SELECT *,
    ts_ns // 1000000000 AS second,
    list_bool_or([starts_with(t, 'SEQUENCER unwrapped') OR ends_with(t, 'into a serialized message')
        FOR t IN coalesce(transformed, [])]) AS carried
FROM records
WHERE kind = 'message';

CREATE VIEW member_names AS
SELECT src_addr, coalesce(max(src) FILTER (WHERE src <> src_addr), src_addr) AS member
FROM messages
WHERE src_addr IS NOT NULL
GROUP BY src_addr;

-- Messages per member per second of capture time.
CREATE VIEW messages_per_member_second AS
SELECT n.member, m.src_addr, m.second, to_timestamp(m.second) AS time, count(*) AS messages,
    sum(m.payload.length) AS payload_bytes
FROM messages m JOIN member_names n USING (src_addr)
WHERE NOT coalesce(m.carried, false) AND m.second IS NOT NULL
GROUP BY ALL;

-- RPCs, paired as `jgwire stats` pairs them: RequestCorrelator's header is the one with req_id and corrId; a
-- request is known by its sender's address and req_id (0: one-way, no response), its first copy counts; each
-- responder's first RSP or EXC_RSP sent back to that address with that req_id gives one latency.
CREATE VIEW rpc_headers AS
SELECT m.*, h.fields ->> 'type' AS rpc_type, (h.fields ->> 'req_id')::BIGINT AS req_id
FROM (SELECT *,
          [x FOR x IN headers IF json_exists(x.fields, '$.req_id') AND json_exists(x.fields, '$.corrId')][1] AS h
      FROM messages) m
WHERE h IS NOT NULL AND src_addr IS NOT NULL;

-- The method: the first u16-length-prefixed ASCII identifier in the payload's first bytes (`MethodCall.writeTo`
-- writes the name with writeUTF), read from payload.hex, else the payload class's simple name, else '-'.
CREATE MACRO u16_at(h, i) AS ('0x' || substr(h, 2 * i + 1, 4))::INTEGER;
CREATE MACRO ascii_at(h, i, n) AS unhex(substr(h, 2 * i + 1, 2 * n))::VARCHAR;
CREATE MACRO rpc_method(h, class) AS coalesce(
    [ascii_at(h, i + 2, u16_at(h, i))
     FOR i IN range(0, len(h) // 2 - 2)
     IF u16_at(h, i) BETWEEN 1 AND 64 AND i + 2 + u16_at(h, i) <= len(h) // 2
        AND regexp_full_match(ascii_at(h, i + 2, u16_at(h, i)), '[A-Za-z_$][A-Za-z0-9_$]*')][1],
    regexp_extract(class, '[^.]*$'),
    '-');

CREATE VIEW rpc_requests AS
SELECT src_addr AS requester, req_id, min(ts_ns) AS ts_ns,
    arg_min(rpc_method(payload.hex, payload.class), ts_ns) AS method
FROM rpc_headers
WHERE rpc_type = 'REQ' AND req_id > 0
GROUP BY ALL;

CREATE VIEW rpc_pairs AS
SELECT q.method, q.requester, q.req_id, r.src_addr AS responder,
    min(r.ts_ns) AS response_ts_ns, arg_min(r.rpc_type, r.ts_ns) = 'EXC_RSP' AS exception,
    (min(r.ts_ns) - q.ts_ns) / 1e6 AS latency_ms
FROM rpc_requests q
JOIN rpc_headers r ON r.dest_addr = q.requester AND r.req_id = q.req_id AND r.ts_ns >= q.ts_ns
WHERE r.rpc_type IN ('RSP', 'EXC_RSP')
GROUP BY q.method, q.requester, q.req_id, q.ts_ns, r.src_addr;

-- Latency per method (p99 by the nearest-rank method, as `jgwire stats`).
CREATE VIEW rpc_latency AS
SELECT q.method, count(DISTINCT (q.requester, q.req_id)) AS requests,
    count(DISTINCT (p.requester, p.req_id)) AS answered, count(*) FILTER (WHERE p.exception) AS exceptions,
    count(p.latency_ms) AS responses,
    quantile_disc(p.latency_ms, 0.5) AS p50_ms, quantile_disc(p.latency_ms, 0.99) AS p99_ms,
    max(p.latency_ms) AS max_ms
FROM rpc_requests q LEFT JOIN rpc_pairs p USING (requester, req_id)
GROUP BY q.method;

SELECT member, time, messages FROM messages_per_member_second ORDER BY second, member;
SELECT method, requests, answered, exceptions, p50_ms, p99_ms, max_ms FROM rpc_latency ORDER BY method;
