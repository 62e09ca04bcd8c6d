package org.jgwire.codec.network;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.ProblemKind;

/** Test-only: records reported problems. */
final class ProblemLog implements NetworkProblems {
    record Entry(long packet, long tsNanos, ProblemKind kind, String message) {}

    final List<Entry> entries = new ArrayList<>();

    @Override
    public void problem(ErrorRecord e) {
        entries.add(new Entry(e.frame().packet(), e.frame().tsNanos(), e.problem(), e.message()));
    }

    Entry only() {
        if (entries.size() != 1) throw new AssertionError("expected one problem, got " + entries);
        return entries.get(0);
    }
}
