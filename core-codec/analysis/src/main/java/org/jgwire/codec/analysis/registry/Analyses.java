package org.jgwire.codec.analysis.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.clusters.ClusterSenders;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.FragmentReassembler;

/**
 * The analyses of one capture, made from the one list of registered analyses: {@code views}, {@code stats},
 * {@code diagnose} and the viewer each feed a set and read from it the results they show. Adding an analysis is
 * its class and one line in {@link #registered}.
 *
 * <p>Feeding: every record to {@link #accept}, in capture order; with reassembly on, the decoder's fragment tap to
 * {@link #acceptFragment}. Each analysis gets the stream its {@link Analysis#input} asks for: all records for
 * {@code MESSAGES}; for {@code WIRE}, the fragments as they arrived (from the tap when reassembling, else from the
 * records) and every other record. Not thread-safe, as the analyses are not.
 */
public final class Analyses {
    private static final List<Supplier<Analysis<?>>> REGISTERED = registered();

    private final List<Analysis<?>> analyses;
    private final boolean reassembling;
    private final boolean readsWire;

    Analyses(List<Analysis<?>> analyses, boolean reassembling) {
        this.analyses = List.copyOf(analyses);
        this.reassembling = reassembling;
        this.readsWire = analyses.stream().anyMatch(a -> a.input() == Analysis.Input.WIRE);
    }

    /** Every analysis there is, one line each, in the order their results are listed. */
    private static List<Supplier<Analysis<?>>> registered() {
        List<Supplier<Analysis<?>>> all = new ArrayList<>();
        all.add(MembershipTimeline::new);
        all.add(TrafficStats::new);
        all.add(ReliabilityTracker::new);
        all.add(RpcTracker::new);
        all.add(ClusterSenders::new);
        return List.copyOf(all);
    }

    /**
     * A fresh instance of every registered analysis.
     *
     * @param reassembling whether the decoder reassembles fragments, so that fragments come from its tap
     */
    public static Analyses all(boolean reassembling) {
        List<Analysis<?>> made = new ArrayList<>();
        for (Supplier<Analysis<?>> s : REGISTERED) made.add(s.get());
        return new Analyses(made, reassembling);
    }

    /** Those of the registered analyses that are of these types (a command that shows only some). */
    public static Analyses only(boolean reassembling, Class<?>... types) {
        List<Class<?>> wanted = List.of(types);
        List<Analysis<?>> made = new ArrayList<>();
        for (Supplier<Analysis<?>> s : REGISTERED) {
            Analysis<?> a = s.get();
            if (wanted.contains(a.getClass())) made.add(a);
        }
        return new Analyses(made, reassembling);
    }

    /** Takes the next record, in capture order. */
    public void accept(Record r) {
        boolean tapped = reassembling && r instanceof MessageRecord m && FragmentReassembler.isFragment(m);
        for (int i = 0; i < analyses.size(); i++) {
            Analysis<?> a = analyses.get(i);
            if (!tapped || a.input() == Analysis.Input.MESSAGES) a.accept(r);
        }
    }

    /** Takes a fragment from the decoder's fragment tap, as it arrived. */
    public void acceptFragment(MessageRecord fragment) {
        for (int i = 0; i < analyses.size(); i++) {
            Analysis<?> a = analyses.get(i);
            if (a.input() == Analysis.Input.WIRE) a.accept(fragment);
        }
    }

    /** Whether any analysis here reads the wire's messages, so that the decoder's fragment tap is wanted. */
    public boolean readsWire() {
        return readsWire;
    }

    /** Ends the stream for every analysis. */
    public void finish() {
        analyses.forEach(Analysis::finish);
    }

    /** The analysis of this type. */
    public <A extends Analysis<?>> A get(Class<A> type) {
        for (Analysis<?> a : analyses) if (type.isInstance(a)) return type.cast(a);
        throw new IllegalArgumentException("no analysis " + type.getSimpleName() + " in this set");
    }

    /** Every analysis of the set, in registration order. */
    public List<Analysis<?>> list() {
        return analyses;
    }
}
