package org.jgwire.output.table;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.output.JsonLinesWriter;

/**
 * Records as rows of the table docs/scale-out.md gives: the JSON Lines keys its DuckDB recipe reads, with the values
 * that recipe gets from the lines, so that a table written from the rows (Parquet, Spark) equals the recipe's. A key
 * a record's line lacks is null; nested objects the table leaves out (view, names, strings, wire payload,
 * observations) are not made. Addresses show as the names learnt so far, as in the lines; the header fields are the
 * very JSON the lines hold. One table per thread.
 */
public final class RecordTable {
    public static final List<Column> COLUMNS = List.of(
            new Column("kind", ColumnType.STRING),
            new Column("frame", ColumnType.LONG),
            new Column("ts_ns", ColumnType.LONG),
            new Column("transport", ColumnType.STRING),
            new Column("src_ep", ColumnType.STRING),
            new Column("dst_ep", ColumnType.STRING),
            new Column("version", ColumnType.STRING),
            new Column("type", ColumnType.STRING),
            new Column("flags", ColumnType.INT),
            new Column("flag_names", ColumnType.STRING_LIST),
            new Column("src", ColumnType.STRING),
            new Column("src_addr", ColumnType.STRING),
            new Column("dest", ColumnType.STRING),
            new Column("dest_addr", ColumnType.STRING),
            new Column("multicast", ColumnType.BOOLEAN),
            new Column("cluster", ColumnType.STRING),
            new Column("batch_index", ColumnType.INT),
            new Column("batch_size", ColumnType.INT),
            new Column("headers", ColumnType.HEADER_LIST),
            new Column("payload", ColumnType.PAYLOAD),
            new Column("reassembled_from", ColumnType.LONG_LIST),
            new Column("transformed", ColumnType.STRING_LIST),
            new Column("problem", ColumnType.STRING),
            new Column("offset", ColumnType.LONG),
            new Column("message", ColumnType.STRING));

    private static final int KIND = 0,
            FRAME = 1,
            TS_NS = 2,
            TRANSPORT = 3,
            SRC_EP = 4,
            DST_EP = 5,
            VERSION = 6,
            TYPE = 7,
            FLAGS = 8,
            FLAG_NAMES = 9,
            SRC = 10,
            SRC_ADDR = 11,
            DEST = 12,
            DEST_ADDR = 13,
            MULTICAST = 14,
            CLUSTER = 15,
            BATCH_INDEX = 16,
            BATCH_SIZE = 17,
            HEADERS = 18,
            PAYLOAD = 19,
            REASSEMBLED_FROM = 20,
            TRANSFORMED = 21,
            PROBLEM = 22,
            OFFSET = 23,
            MESSAGE = 24;

    private static final int MAX_ENDPOINTS = 4096;

    private final NameTable names;
    private final Map<Endpoint, String> endpoints = new HashMap<>();
    /** Writes the header fields' JSON as the lines do. */
    private final JsonLinesWriter fields;

    public RecordTable(NameTable names) {
        this.names = names;
        this.fields = new JsonLinesWriter(OutputStream.nullOutputStream(), names); // writes nothing out
    }

    /** The record's row, values in {@link #COLUMNS} order (types as {@link ColumnType} says), null where absent. */
    public Object[] row(Record r) {
        Object[] row = new Object[COLUMNS.size()];
        FrameInfo f = r.frame();
        row[KIND] = r.kind();
        row[FRAME] = f.packet();
        row[TS_NS] = f.tsNanos() < 0 ? null : f.tsNanos();
        row[TRANSPORT] = f.transport().jsonName();
        row[SRC_EP] = text(f.src());
        row[DST_EP] = text(f.dst());
        if (r instanceof MessageRecord m) message(m, row);
        else if (r instanceof ErrorRecord e) {
            row[PROBLEM] = e.problem().jsonName();
            row[OFFSET] = e.offset();
            row[MESSAGE] = e.message();
        } else if (r instanceof GossipRecord g) row[TYPE] = g.type();
        return row;
    }

    /** An endpoint's text, the same instance for the same endpoint: a writer's dictionary then finds it by identity. */
    private String text(Endpoint e) {
        if (e == null) return null;
        String s = endpoints.get(e);
        if (s == null) {
            if (endpoints.size() >= MAX_ENDPOINTS) endpoints.clear(); // a scan of many ports: no unbounded growth
            s = e.toString();
            endpoints.put(e, s);
        }
        return s;
    }

    private void message(MessageRecord m, Object[] row) {
        row[VERSION] = m.version() == null ? null : m.version().toString();
        row[TYPE] = m.type();
        row[FLAGS] = m.flags();
        row[FLAG_NAMES] = m.flagNames();
        if (m.src() != null) {
            row[SRC] = names.display(m.src());
            row[SRC_ADDR] = m.src().id();
        }
        if (m.dest() != null) {
            row[DEST] = names.display(m.dest());
            row[DEST_ADDR] = m.dest().id();
        }
        row[MULTICAST] = m.multicast();
        row[CLUSTER] = m.cluster();
        if (m.batchIndex() >= 0) {
            row[BATCH_INDEX] = m.batchIndex();
            row[BATCH_SIZE] = m.batchSize();
        }
        List<HeaderRecord> headers = m.headers();
        List<HeaderCell> cells = new ArrayList<>(headers.size());
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            cells.add(new HeaderCell(
                    h.protocol(),
                    h.headerClass() == null ? null : h.headerClass().name(),
                    fields.fieldsJsonBytes(h, i),
                    (long) h.offset(),
                    (long) h.length()));
        }
        row[HEADERS] = cells;
        Payload p = m.payload();
        row[PAYLOAD] = new PayloadCell(p);
        if (m.isReassembled()) row[REASSEMBLED_FROM] = m.reassembledFrom();
        if (!m.transformed().isEmpty()) row[TRANSFORMED] = m.transformed();
    }
}
