package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class RowListTest {
    private static Row row(int n) {
        return new Row(
                n, -1, new ErrorRecord(new FrameInfo(n, -1, null, null, Transport.NONE), ProblemKind.GAP, -1, "x"));
    }

    @Test
    void appendsAcrossChunksAndReportsOneAddPerBatch() {
        RowList list = new RowList();
        List<int[]> adds = new ArrayList<>();
        list.addListener((ListChangeListener<Row>) c -> {
            while (c.next()) if (c.wasAdded()) adds.add(new int[] {c.getFrom(), c.getTo()});
        });
        List<Row> first = new ArrayList<>(), second = new ArrayList<>();
        for (int i = 1; i <= 20_000; i++) first.add(row(i));
        for (int i = 20_001; i <= 40_000; i++) second.add(row(i));
        list.append(first);
        list.append(second);
        assertEquals(40_000, list.size());
        for (int i = 0; i < 40_000; i += 997) assertEquals(i + 1, list.get(i).number());
        assertSame(second.get(second.size() - 1), list.get(39_999));
        assertEquals(2, adds.size());
        assertEquals(20_000, adds.get(1)[0]);
        assertEquals(40_000, adds.get(1)[1]);
    }
}
