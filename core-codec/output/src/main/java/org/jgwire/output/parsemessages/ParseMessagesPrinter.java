package org.jgwire.output.parsemessages;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * Prints records as {@code org.jgroups.tests.ParseMessages} of the sending version does (its {@code main},
 * {@code msg_consumer} and {@code batch_consumer}), numbering lines the same way:
 * <ul>
 *   <li>4.x and 5.x: {@code N: [src to dest, L bytes, flags=..], hdrs: H } and {@code (view: ..)} for GMS VIEW and
 *       JOIN_RSP; a message list as {@code N: batch to D from S (K messages):} then, per message, its line and
 *       {@code     i: [L bytes, flags=..], hdrs: H }. JGroups splits a list into batches by mode (5.x: regular,
 *       then OOB; 4.x: regular, OOB, internal OOB, internal: {@code Util.readMessageBatch}), so lists print in
 *       that order.</li>
 *   <li>3.x: {@code N: [dst: d, src: s (n headers), size=L bytes], hdrs: H}, every message of a list in wire
 *       order (3.6's ParseMessages collected the messages of {@code TP.readMessageBatch} the same way).</li>
 * </ul>
 * Errors, which stop ParseMessages, go to {@code errors} and printing goes on.
 */
public final class ParseMessagesPrinter implements Consumer<Record>, AutoCloseable {
    private final PrintWriter out;
    private final Consumer<ErrorRecord> errors;
    private final NameTable names;
    private final boolean learnNames, showViews, printVersion, showGossip;
    private final JGroupsText text;
    private final List<MessageRecord> list = new ArrayList<>();
    private long count = 1;

    /**
     * @param names        names known up front ({@code -mappings}); learned into from the traffic when
     *                     {@code learnNames} ({@code -parse-discovery-responses})
     * @param showViews    {@code -show-views}
     * @param printVersion {@code -version}: the frame's version after the number
     * @param showGossip   {@code -gossip}: GossipRouter control messages as {@code -- gossip: ...} lines
     */
    public ParseMessagesPrinter(
            PrintWriter out,
            Consumer<ErrorRecord> errors,
            NameTable names,
            boolean learnNames,
            boolean showViews,
            boolean printVersion,
            boolean showGossip) {
        this.out = out;
        this.errors = errors;
        this.names = names;
        this.learnNames = learnNames;
        this.showViews = showViews;
        this.printVersion = printVersion;
        this.showGossip = showGossip;
        this.text = new JGroupsText(names);
    }

    @Override
    public void accept(Record r) {
        if (r instanceof MessageRecord m && m.isSignal()) return; // FD_SOCK's signals: a byte or a close
        if (r instanceof MessageRecord m && m.batchIndex() >= 0) {
            if (!list.isEmpty() && !continues(list.get(list.size() - 1), m)) flushList();
            list.add(m);
            if (m.batchIndex() == m.batchSize() - 1) flushList();
            return;
        }
        flushList();
        if (r instanceof MessageRecord m) {
            learn(m);
            out.print(messageLine(m));
        } else if (r instanceof GossipRecord g) {
            if (showGossip) out.print("-- gossip: " + gossip(g) + "\n"); // ParseMessages learns no names from it
            if (learnNames) names.learnFrom(g);
        } else if (r instanceof ErrorRecord e) {
            errors.accept(e);
        }
    }

    /** Whether {@code next} is the message after {@code last} in the same frame's list. */
    private static boolean continues(MessageRecord last, MessageRecord next) {
        return next.batchIndex() == last.batchIndex() + 1
                && next.batchSize() == last.batchSize()
                && next.frame().equals(last.frame());
    }

    private void learn(MessageRecord m) {
        if (learnNames) names.learnFrom(m); // ParseMessages reads a discovery response before printing it
    }

    private void flushList() {
        if (list.isEmpty()) return;
        List<MessageRecord> msgs = new ArrayList<>(list);
        list.clear();
        int family = JGroupsText.family(msgs.get(0));
        if (family == 3) {
            for (MessageRecord m : msgs) {
                learn(m);
                out.print(messageLine(m));
            }
            return;
        }
        for (List<MessageRecord> batch : batches(msgs, family)) {
            MessageRecord first = batch.get(0);
            String dest = first.dest() == null ? "<all>" : text.address(first.dest());
            out.print(count++ + ":" + version(first) + " batch to " + dest + " from " + text.address(first.src()) + " ("
                    + batch.size() + " messages):\n");
            int index = 1;
            for (MessageRecord m : batch) {
                learn(m);
                String view = showViews ? text.view(m) : null;
                String flags = JGroupsText.flags(m);
                out.print(messageLine(m));
                out.print("    " + index++ + ": [" + m.payload().length() + " bytes"
                        + (flags.isEmpty() ? "" : ", flags=" + flags) + "], hdrs: " + text.headers(m) + " "
                        + (view == null ? "" : "(view: " + view + ")") + "\n");
            }
        }
    }

    /** {@code Util.readMessageBatch}: 5.x [regular, OOB]; 4.x [regular, OOB, internal OOB, internal]. */
    private static List<List<MessageRecord>> batches(List<MessageRecord> msgs, int family) {
        List<List<MessageRecord>> out = new ArrayList<>();
        for (int i = 0; i < 4; i++) out.add(new ArrayList<>());
        for (MessageRecord m : msgs) {
            boolean oob = m.flagNames().contains("OOB"),
                    internal = family == 4 && m.flagNames().contains("INTERNAL");
            out.get(oob && !internal ? 1 : oob ? 2 : internal ? 3 : 0).add(m);
        }
        out.removeIf(List::isEmpty);
        return out;
    }

    private String messageLine(MessageRecord m) {
        if (JGroupsText.family(m) == 3) return count++ + ": " + text.message(m) + ", hdrs: " + text.headers(m) + "\n";
        String view = showViews ? text.view(m) : null;
        return count++ + ":" + version(m) + " " + text.message(m) + ", hdrs: " + text.headers(m) + " "
                + (view == null ? "" : "(view: " + view + ")") + "\n";
    }

    private String version(MessageRecord m) {
        return printVersion ? " [" + (m.version() != null ? m.version() : "?") + "]" : ""; // ?: MPING states none
    }

    /**
     * {@code GossipData.toString()}: {@code TYPE(group=g, addr=a, logical_name=n, physical_addr=p)}, as far as the
     * record tells (not the ping data of a GET_MBRS_RSP).
     */
    private String gossip(GossipRecord g) {
        StringBuilder b = new StringBuilder(g.type())
                .append("(group=")
                .append(g.group())
                .append(", addr=")
                .append(text.address(g.address()));
        for (Discovery d : g.discovery()) {
            if (d.address() == null || !d.address().equals(g.address())) continue;
            if (d.logicalName() != null) b.append(", logical_name=").append(d.logicalName());
            if (d.physical() != null) b.append(", physical_addr=").append(d.physical());
            break;
        }
        return b.append(')').toString();
    }

    /** Prints a list whose last message never came (its frame broke off). */
    @Override
    public void close() {
        flushList();
        out.flush();
    }
}
