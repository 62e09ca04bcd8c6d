package org.jgwire.output.parquet;

import java.util.List;
import org.jgwire.codec.model.Payload;
import org.jgwire.output.table.Column;
import org.jgwire.output.table.ColumnType;
import org.jgwire.output.table.HeaderCell;
import org.jgwire.output.table.PayloadCell;
import org.jgwire.output.table.RecordTable;

/**
 * Puts each of a row's values into its leaf columns with the levels {@link RecordSchema}'s nesting gives them
 * (Dremel's shredding, for the few shapes the table has). A list's first element has repetition level 0, the next
 * ones 1; definition levels count the optional and repeated fields that are present on the way down: for a list,
 * 0 the list is null, 1 it is empty, then 2 a null element and 3 an element; for a struct, 0 it is null, 1 its field
 * is null, 2 the field is there. The leaves are in the schema's order: one per column, five for the headers' struct,
 * four for the payload's.
 */
final class RowShredder {
    private final ColumnType[] types =
            RecordTable.COLUMNS.stream().map(Column::type).toArray(ColumnType[]::new);
    /** Rows between two looks at the pages' sizes. */
    static final int ROWS_PER_CHECK = 16;

    private final LeafColumn[] leaves;
    private int unchecked;

    RowShredder(LeafColumn[] leaves) {
        this.leaves = leaves;
    }

    /** Tells every leaf of the rows written since it last heard: pages end at these rows' end. */
    void endRows() {
        if (unchecked == 0) return;
        for (LeafColumn c : leaves) c.endRows(unchecked);
        unchecked = 0;
    }

    void write(Object[] row) {
        int leaf = 0;
        for (int i = 0; i < row.length; i++) {
            Object v = row[i];
            switch (types[i]) {
                case STRING -> string(leaves[leaf++], 0, (String) v);
                case LONG -> int64(leaves[leaf++], 0, (Long) v);
                case INT -> {
                    LeafColumn c = leaves[leaf++];
                    if (v == null) c.none(0, 0);
                    else c.int32(0, (Integer) v);
                }
                case BOOLEAN -> {
                    LeafColumn c = leaves[leaf++];
                    if (v == null) c.none(0, 0);
                    else c.bool(0, (Boolean) v);
                }
                case STRING_LIST, LONG_LIST -> list(leaves[leaf++], (List<?>) v);
                case HEADER_LIST -> {
                    headers(leaf, (List<?>) v);
                    leaf += 5;
                }
                case PAYLOAD -> {
                    payload(leaf, (PayloadCell) v);
                    leaf += 4;
                }
            }
        }
        if (++unchecked == ROWS_PER_CHECK) endRows();
    }

    /** A value at the leaf's deepest level, or a null one level above it. */
    private static void string(LeafColumn c, int r, String s) {
        if (s == null) c.none(r, c.maxDefinitionLevel() - 1);
        else c.string(r, s);
    }

    private static void int64(LeafColumn c, int r, Long v) {
        if (v == null) c.none(r, c.maxDefinitionLevel() - 1);
        else c.int64(r, v);
    }

    private static void list(LeafColumn c, List<?> values) {
        if (values == null) c.none(0, 0);
        else if (values.isEmpty()) c.none(0, 1);
        else
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                int r = i == 0 ? 0 : 1;
                if (v == null || v instanceof String) string(c, r, (String) v);
                else if (v instanceof Long l) c.int64(r, l);
                else throw new IllegalArgumentException("not a list element of the table: " + v.getClass());
            }
    }

    /** The headers' five leaves: protocol, header, fields, offset, length. */
    private void headers(int first, List<?> cells) {
        if (cells == null || cells.isEmpty()) {
            for (int k = 0; k < 5; k++) leaves[first + k].none(0, cells == null ? 0 : 1);
            return;
        }
        for (int i = 0; i < cells.size(); i++) {
            HeaderCell h = (HeaderCell) cells.get(i);
            int r = i == 0 ? 0 : 1;
            string(leaves[first], r, h.protocol());
            string(leaves[first + 1], r, h.header());
            if (h.fieldsJsonUtf8() == null) leaves[first + 2].none(r, leaves[first + 2].maxDefinitionLevel() - 1);
            else leaves[first + 2].utf8(r, h.fieldsJsonUtf8());
            int64(leaves[first + 3], r, h.offset());
            int64(leaves[first + 4], r, h.length());
        }
    }

    /** The payload's four leaves: length, text, class, hex; the text and hex from the payload's bytes. */
    private void payload(int first, PayloadCell p) {
        if (p == null) {
            for (int k = 0; k < 4; k++) leaves[first + k].none(0, 0);
            return;
        }
        Payload payload = p.payload();
        leaves[first].int64(0, payload.length());
        if (payload.hasAsciiText()) leaves[first + 1].ascii(0, payload.asciiBytes(), payload.asciiTextLength());
        else string(leaves[first + 1], 0, payload.text());
        string(leaves[first + 2], 0, payload.objectClass());
        leaves[first + 3].hex(0, payload.head());
    }
}
