package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ObservableListBase;

/**
 * An append-only observable list stored in fixed-size chunks, so that a million rows never need one huge array
 * copied as they arrive. The table reads it by index (virtualised). Changed on the FX thread only.
 */
public final class RowList extends ObservableListBase<Row> {
    private static final int CHUNK_BITS = 14;
    private static final int CHUNK = 1 << CHUNK_BITS;

    private final List<Row[]> chunks = new ArrayList<>();
    private int size;

    @Override
    public Row get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index + " of " + size);
        return chunks.get(index >>> CHUNK_BITS)[index & (CHUNK - 1)];
    }

    @Override
    public int size() {
        return size;
    }

    /** Appends rows and fires one change for all of them. */
    public void append(List<Row> rows) {
        if (rows.isEmpty()) return;
        int from = size;
        for (Row r : rows) {
            int slot = size & (CHUNK - 1);
            if (slot == 0) chunks.add(new Row[CHUNK]);
            chunks.get(chunks.size() - 1)[slot] = r;
            size++;
        }
        beginChange();
        nextAdd(from, size);
        endChange();
    }

    /** Removes every row (a new capture). */
    public void reset() {
        if (size == 0) return;
        List<Row> removed = new ArrayList<>(this);
        chunks.clear();
        size = 0;
        beginChange();
        nextRemove(0, removed);
        endChange();
    }
}
