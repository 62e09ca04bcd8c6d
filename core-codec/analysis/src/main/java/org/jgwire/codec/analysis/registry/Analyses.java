package org.jgwire.codec.analysis.registry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.analysis.activity.MemberActivity;
import org.jgwire.codec.analysis.clusters.ClusterSenders;
import org.jgwire.codec.analysis.findings.CreditStallFindings;
import org.jgwire.codec.analysis.findings.Detector;
import org.jgwire.codec.analysis.findings.DiscoveryFindings;
import org.jgwire.codec.analysis.findings.ExclusionFindings;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.FlappingFindings;
import org.jgwire.codec.analysis.findings.GroupSharingFindings;
import org.jgwire.codec.analysis.findings.IcmpUnreachableFindings;
import org.jgwire.codec.analysis.findings.RetransmissionFindings;
import org.jgwire.codec.analysis.findings.RpcTimeoutFindings;
import org.jgwire.codec.analysis.findings.SlowMergeFindings;
import org.jgwire.codec.analysis.findings.Thresholds;
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
 * its class and one line in {@link #registered}; an analysis that builds on others (a {@link Detector} reads the
 * finished membership timeline) is given them by that line, and registered after them.
 *
 * <p>Feeding: every record to {@link #accept}, in capture order; with reassembly on, the decoder's fragment tap to
 * {@link #acceptFragment}. Each analysis gets the stream its {@link Analysis#input} asks for: all records for
 * {@code MESSAGES}; for {@code WIRE}, the fragments as they arrived (from the tap when reassembling, else from the
 * records) and every other record. Not thread-safe, as the analyses are not.
 */
public final class Analyses {
    private static final List<Function<Made, Analysis<?>>> REGISTERED = registered();

    private final List<Analysis<?>> analyses;
    private final boolean reassembling;
    private final boolean readsWire;

    Analyses(List<Analysis<?>> analyses, boolean reassembling) {
        this.analyses = List.copyOf(analyses);
        this.reassembling = reassembling;
        this.readsWire = analyses.stream().anyMatch(a -> a.input() == Analysis.Input.WIRE);
    }

    /** The analyses registered before the one being made, for the one that builds on them, and the thresholds. */
    interface Made {
        <A extends Analysis<?>> A get(Class<A> type);

        /** What the detectors judge by. */
        Thresholds thresholds();

        /** The capture's logical names as the front end learns them, for a detector to read when it finishes. */
        Names names();
    }

    /** Every analysis there is, one line each, in the order their results are listed. */
    private static List<Function<Made, Analysis<?>>> registered() {
        List<Function<Made, Analysis<?>>> all = new ArrayList<>();
        all.add(made -> new MembershipTimeline());
        all.add(made -> new TrafficStats());
        all.add(made -> new ReliabilityTracker());
        all.add(made -> new RpcTracker());
        all.add(made -> new ClusterSenders());
        all.add(made -> new MemberActivity());
        all.add(made -> new ExclusionFindings(made.get(MembershipTimeline.class), made.get(MemberActivity.class)));
        all.add(made -> new SlowMergeFindings(
                made.get(MembershipTimeline.class), made.thresholds().slowMergeMs()));
        all.add(made -> new RetransmissionFindings(
                made.get(ReliabilityTracker.class), made.thresholds().retransmissions()));
        all.add(made -> new RpcTimeoutFindings(
                made.get(RpcTracker.class), made.thresholds().rpcTimeoutMs()));
        all.add(made -> new CreditStallFindings(made.thresholds().creditStallMs()));
        all.add(made -> new GroupSharingFindings());
        all.add(made -> new DiscoveryFindings());
        all.add(made -> new IcmpUnreachableFindings(
                made.get(MembershipTimeline.class), made.thresholds().icmpUnreachableMs()));
        all.add(made -> new FlappingFindings(
                made.get(MembershipTimeline.class),
                made.names(),
                made.thresholds().flappingCycles()));
        return List.copyOf(all);
    }

    /**
     * A fresh instance of every registered analysis.
     *
     * @param reassembling whether the decoder reassembles fragments, so that fragments come from its tap
     */
    public static Analyses all(boolean reassembling) {
        return all(reassembling, Names.NONE);
    }

    /** A fresh instance of every registered analysis, the detectors reading {@code names} when they finish. */
    public static Analyses all(boolean reassembling, Names names) {
        return make(reassembling, Thresholds.DEFAULTS, names, a -> true);
    }

    /** Those of the registered analyses of these types, with those they build on (a command that shows only some). */
    public static Analyses only(boolean reassembling, Class<?>... types) {
        List<Class<?>> wanted = List.of(types);
        return make(reassembling, Thresholds.DEFAULTS, Names.NONE, a -> wanted.contains(a.getClass()));
    }

    /** Every detector, with the analyses they build on: what {@code diagnose} runs. */
    public static Analyses detectors(boolean reassembling) {
        return detectors(reassembling, Thresholds.DEFAULTS, Names.NONE);
    }

    /**
     * Every detector, judging by {@code thresholds} and reading the logical names from {@code names} when it
     * finishes (the table the front end's names stage learns into), with the analyses they build on.
     */
    public static Analyses detectors(boolean reassembling, Thresholds thresholds, Names names) {
        return make(reassembling, thresholds, names, a -> a instanceof Detector);
    }

    private static Analyses make(
            boolean reassembling, Thresholds thresholds, Names names, Predicate<Analysis<?>> wanted) {
        List<Analysis<?>> made = new ArrayList<>();
        Map<Analysis<?>, List<Analysis<?>>> uses = new IdentityHashMap<>();
        for (Function<Made, Analysis<?>> line : REGISTERED) {
            List<Analysis<?>> used = new ArrayList<>();
            Analysis<?> a = line.apply(new Made() {
                @Override
                public <A extends Analysis<?>> A get(Class<A> type) {
                    for (Analysis<?> m : made)
                        if (type.isInstance(m)) {
                            used.add(m);
                            return type.cast(m);
                        }
                    throw new IllegalStateException(type.getSimpleName() + " is registered after what reads it");
                }

                @Override
                public Thresholds thresholds() {
                    return thresholds;
                }

                @Override
                public Names names() {
                    return names;
                }
            });
            made.add(a);
            uses.put(a, used);
        }
        Set<Analysis<?>> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = made.size() - 1; i >= 0; i--) {
            Analysis<?> a = made.get(i);
            if (wanted.test(a) || kept.contains(a)) {
                kept.add(a);
                kept.addAll(uses.get(a));
            }
        }
        return new Analyses(made.stream().filter(kept::contains).toList(), reassembling);
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

    /** The findings of every detector of the set, the most severe first, then in capture order. */
    public List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        for (Analysis<?> a : analyses) if (a instanceof Detector d) out.addAll(d.result());
        out.sort(Comparator.comparing((Finding f) -> f.severity())
                .reversed()
                .thenComparingLong(Finding::startNs)
                .thenComparing(f -> f.frames().get(0)));
        return out;
    }

    /** Every analysis of the set, in registration order. */
    public List<Analysis<?>> list() {
        return analyses;
    }
}
