package org.jgwire.codec.pipeline;

import java.util.function.Consumer;
import org.jgwire.codec.framing.FdSockServers;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.DeltaViews;

/**
 * The last steps before the sink, in capture order: delta views expanded, the FD_SOCK server sockets a message
 * announces learnt, the error for a header no class reads ({@link UnreadHeaderErrors}), the record counted. Records
 * of units read ahead of a stopped decode go nowhere.
 */
final class RecordOutlet implements Consumer<Record> {
    private final FramePipeline order;
    private final DeltaViews deltaViews;
    private final FdSockServers fdSockServers;
    private final DecodeCounters counters;
    private final Consumer<Record> sink;
    private final UnreadHeaderErrors unreadHeaders = new UnreadHeaderErrors();

    RecordOutlet(
            FramePipeline order,
            DeltaViews deltaViews,
            FdSockServers fdSockServers,
            DecodeCounters counters,
            Consumer<Record> sink) {
        this.order = order;
        this.deltaViews = deltaViews;
        this.fdSockServers = fdSockServers;
        this.counters = counters;
        this.sink = sink;
    }

    @Override
    public void accept(Record r) {
        if (!order.delivers()) return; // read ahead of the stopping unit
        if (r instanceof ErrorRecord e) r = ErrorTexts.plain(e);
        Record out = deltaViews.expand(r);
        ErrorRecord unreadHeader = null;
        if (out instanceof MessageRecord m) {
            fdSockServers.learn(m);
            unreadHeader = unreadHeaders.after(m);
        }
        counters.emitted(out);
        sink.accept(out);
        if (unreadHeader != null) {
            counters.emitted(unreadHeader);
            sink.accept(unreadHeader);
        }
    }
}
