package org.jgwire.codec.analysis;

import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * The stateful pass over decoded records, in capture order: expands delta views into full member lists from the
 * view history. (Logical names are resolved by whoever shows the records, with a {@link NameTable} of its own.)
 */
public final class RecordAnalyzer {
    private final ViewHistory views = new ViewHistory();

    /** Returns the record, with a delta view expanded. */
    public Record analyze(Record r) {
        if (r instanceof MessageRecord m && m.view() != null) {
            ViewInfo v = m.view();
            ViewInfo full = views.add(v);
            if (full != v) return m.withView(full);
        }
        return r;
    }
}
