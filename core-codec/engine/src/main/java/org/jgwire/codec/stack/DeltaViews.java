package org.jgwire.codec.stack;

import org.jgwire.codec.Limits;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Expands delta views into full member lists from the view history, in capture order, as GMS does on the receive
 * side. (Logical names are resolved by whoever shows the records, with a name table of its own.)
 */
public final class DeltaViews {
    private final ViewHistory views;

    public DeltaViews() {
        this(Limits.DEFAULTS);
    }

    /** Remembering at most {@link Limits#maxViews()} views. */
    public DeltaViews(Limits limits) {
        this.views = new ViewHistory(limits.maxViews());
    }

    /** Returns the record, with a delta view expanded. */
    public Record expand(Record r) {
        if (r instanceof MessageRecord m && m.view() != null) {
            ViewInfo v = m.view();
            ViewInfo full = views.add(v);
            if (full != v) return m.withView(full);
        }
        return r;
    }
}
