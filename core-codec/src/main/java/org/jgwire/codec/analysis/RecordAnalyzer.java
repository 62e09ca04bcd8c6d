package org.jgwire.codec.analysis;

import java.util.List;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * The stateful pass over decoded records, in capture order: learns logical names and expands delta views, so
 * that every later record can be shown with names and full member lists.
 */
public final class RecordAnalyzer {
    private final NameTable names = new NameTable();
    private final ViewHistory views = new ViewHistory();

    public RecordAnalyzer(List<Discovery> knownNames) {
        knownNames.forEach(names::learn);
    }

    public NameTable names() {
        return names;
    }

    /** Learns from the record and returns it, with a delta view expanded. */
    public Record analyze(Record r) {
        if (r instanceof MessageRecord m) {
            for (Discovery d : m.discovery()) names.learn(d);
            ViewInfo v = m.view();
            if (v != null) {
                ViewInfo full = views.add(v);
                if (full != v) return m.withView(full);
            }
        } else if (r instanceof GossipRecord g) {
            for (Discovery d : g.discovery()) names.learn(d);
        }
        return r;
    }
}
