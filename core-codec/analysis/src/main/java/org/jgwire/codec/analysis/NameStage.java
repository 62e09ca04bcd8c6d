package org.jgwire.codec.analysis;

import java.util.function.Consumer;
import org.jgwire.codec.model.Record;

/**
 * The pipeline step right after the decoder: learns the logical names each record carries into the capture's
 * {@link NameTable}, in capture order, then hands the record on. Everything downstream reads that table (or a
 * copy) and learns nothing itself, so a record is shown with the names known at its point of the capture, its own
 * included. Put it where records are still in order, before they fan out to threads.
 */
public final class NameStage implements Consumer<Record> {
    private final NameTable table;
    private final Consumer<? super Record> next;

    /** @param table names known up front ({@code --names}), learnt into from here on */
    public NameStage(NameTable table, Consumer<? super Record> next) {
        this.table = table;
        this.next = next;
    }

    @Override
    public void accept(Record r) {
        table.learnFrom(r);
        next.accept(r);
    }

    /** The table this stage learns into, for the stages after it to read. */
    public NameTable names() {
        return table;
    }
}
