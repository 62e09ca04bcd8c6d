package org.jgwire.gui.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.activity.MemberActivity;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * What the viewer shows of one capture: every row (appended while it loads), the rows the filter lets through,
 * the logical names, the membership timeline and the frames' bytes. Lives on the FX thread; the decoding runs in
 * a {@link CaptureLoader}.
 */
public final class CaptureSession implements AutoCloseable {
    private final RowList rows = new RowList();
    private final FilteredList<Row> shown = new FilteredList<>(rows);
    private final ObservableList<TimelineMark> events = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    /** Every registered analysis, fed on this thread; made by {@link #load}, when reassembly is known. */
    private Analyses analyses = Analyses.all(true);

    private TimelineMarks timeline = new TimelineMarks(analyses.get(MembershipTimeline.class));
    /** Written by the loading thread (the RPC tracker's pairs), read by the FX thread. */
    private final Map<Integer, Integer> responseToRequest = new ConcurrentHashMap<>();
    /** Held while the loading thread feeds the analyses, and by the FX thread while it reads them during a load. */
    private final Object analysisLock = new Object();
    /** Timeline marks the loading thread found, for the FX thread to show with their rows. */
    private final Queue<TimelineMark> found = new ConcurrentLinkedQueue<>();
    /** The detectors' findings, made on the loading thread at the end. */
    private volatile List<Finding> madeFindings = List.of();

    private final ObjectProperty<NameTable> names = new SimpleObjectProperty<>(new NameTable());
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<DecodeSummary> summary = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Exception> failure = new ReadOnlyObjectWrapper<>();
    private final FrameStore frames = new FrameStore();
    private final String title;
    private CaptureLoader loader;
    private long startNanos = -1;
    private int errorRows;

    public CaptureSession(String title) {
        this.title = title;
    }

    // --- loading: rows to the FX thread, the analyses on the loading thread ---

    /** Starts decoding {@code source} in the background; {@code expectedBytes} (the file's size) drives progress. */
    public void load(DecodeOptions options, CaptureSource source, long expectedBytes) {
        loading.set(true);
        analyses = Analyses.all(options.reassemble(), a -> names.get().nameOf(a));
        timeline = new TimelineMarks(analyses.get(MembershipTimeline.class));
        // Every row's record is fed to the tracker in order, so a record's index there is its row number - 1.
        analyses.get(RpcTracker.class)
                .onPair(p -> responseToRequest.putIfAbsent((int) p.responseIndex() + 1, (int) p.requestIndex() + 1));
        loader = new CaptureLoader(options, frames, Platform::runLater, new CaptureLoader.Listener() {
            @Override
            public void rows(List<Row> batch, List<MessageRecord> fragments, NameTable table, double p) {
                append(batch, fragments, table, p);
            }

            @Override
            public void analyse(List<Row> batch, List<MessageRecord> fragments) {
                CaptureSession.this.analyse(batch, fragments);
            }

            @Override
            public void analysed() {
                synchronized (analysisLock) {
                    analyses.finish();
                    madeFindings = analyses.findings();
                }
            }

            @Override
            public void finished(DecodeSummary s, Exception f) {
                findings.setAll(madeFindings);
                events.setAll(timeline.finish(CaptureSession.this::rowOfPacket));
                summary.set(s);
                failure.set(f);
                progress.set(1);
                loading.set(false);
            }
        });
        loader.start(source, expectedBytes);
    }

    private void append(List<Row> batch, List<MessageRecord> fragments, NameTable table, double p) {
        if (startNanos < 0) {
            for (Row r : batch)
                if (r.record().frame().tsNanos() >= 0) {
                    startNanos = r.record().frame().tsNanos();
                    break;
                }
        }
        if (table != null) names.set(table);
        for (Row r : batch) if (r.record() instanceof ErrorRecord) errorRows++;
        List<TimelineMark> marks = new ArrayList<>();
        for (TimelineMark m; (m = found.poll()) != null; ) marks.add(m);
        events.addAll(marks); // one change per batch: the timeline redraws once
        rows.append(batch);
        progress.set(p);
    }

    /** On the loading thread: the analyses take a batch (under the lock the FX thread reads them with). */
    private void analyse(List<Row> batch, List<MessageRecord> fragments) {
        synchronized (analysisLock) {
            // As `jgwire stats`: the analyses of the wire's traffic take the fragments from the decoder's fragment tap
            fragments.forEach(analyses::acceptFragment);
            for (Row r : batch) {
                analyses.accept(r.record());
                TimelineMark e = timeline.add(r);
                if (e != null) found.add(e);
            }
        }
    }

    /**
     * The lock to hold while reading {@link #analyses} (or {@link #traffic}) during a load: the loading thread feeds
     * them a batch at a time under it.
     */
    public Object analysisLock() {
        return analysisLock;
    }

    // --- what the views read: findings, chart rows, filter values, rows, bytes ---

    /** The findings of {@code diagnose}'s detectors, once the capture is loaded (empty before). */
    public ObservableList<Finding> findings() {
        return findings;
    }

    /**
     * The membership chart's rows from the views seen so far: one per member, from the capture's first record to its
     * last, a departed member's row ending at its last message.
     */
    public MembershipLanes membershipLanes() {
        synchronized (analysisLock) {
            return lanes();
        }
    }

    private MembershipLanes lanes() {
        MemberActivity activity = analyses.get(MemberActivity.class);
        long end = rows.isEmpty() ? -1 : row(rows.size()).record().frame().tsNanos();
        return MembershipLanes.of(
                events,
                a -> names.get().nameOf(a),
                a -> {
                    MemberActivity.Member m = activity.member(a);
                    return m == null ? -1 : m.lastNs();
                },
                startNanos,
                end);
    }

    /**
     * The values a header field ({@code protocol.field}) or the record's {@code kind}, {@code src} or {@code dest}
     * takes in the rows loaded (the first {@link #VALUE_SCAN_ROWS}), for the filter bar's completion: the types a
     * capture holds, its members' names.
     */
    public Collection<String> fieldValues(String field) {
        // asked on every key typed after a comparison: scanned again only when rows came in since
        if (valuesAtRows != rows.size()) {
            valuesByField.clear();
            valuesAtRows = rows.size();
        }
        return valuesByField.computeIfAbsent(field.toLowerCase(Locale.ROOT), this::scanValues);
    }

    private Collection<String> scanValues(String field) {
        Set<String> out = new TreeSet<>();
        int dot = field.indexOf('.');
        String protocol = dot > 0 ? field.substring(0, dot) : null, name = field.substring(dot + 1);
        int n = Math.min(rows.size(), VALUE_SCAN_ROWS);
        for (int i = 1; i <= n && out.size() < 200; i++) {
            Record r = row(i).record();
            if (protocol == null) {
                switch (name.toLowerCase(Locale.ROOT)) {
                    case "kind" -> out.add(r.kind());
                    case "src", "dest" -> {
                        if (r instanceof MessageRecord m) {
                            NodeAddress a = name.equalsIgnoreCase("src") ? m.src() : m.dest();
                            if (a != null) out.add(names.get().nameOf(a));
                        }
                    }
                    default -> {
                        return out;
                    }
                }
                continue;
            }
            if (!(r instanceof MessageRecord m)) continue;
            for (HeaderRecord h : m.headers()) {
                if (!h.protocol().equalsIgnoreCase(protocol)) continue;
                for (HeaderField f : h.fields())
                    if (f.name().equalsIgnoreCase(name) && (f.value() instanceof String || f.value() instanceof Number))
                        out.add(String.valueOf(f.value()));
            }
        }
        return out;
    }

    /** {@link #fieldValues}' answers (by field, lower case) for the rows loaded when they were made. */
    private final Map<String, Collection<String>> valuesByField = new HashMap<>();

    private int valuesAtRows = -1;

    /** Rows {@link #fieldValues} reads at most: enough for every type a capture shows, quick on the FX thread. */
    static final int VALUE_SCAN_ROWS = 100_000;

    /** The numbers of the rows of these packets, in capture order. */
    public List<Integer> rowsOfPackets(List<Long> packets) {
        List<Integer> out = new ArrayList<>();
        for (long packet : packets)
            for (int n = rowOfPacket(packet);
                    n <= rows.size() && row(n).record().frame().packet() == packet;
                    n++) out.add(n);
        return out;
    }

    /** Stops loading; what was loaded stays. */
    public void stop() {
        if (loader != null) loader.cancel();
    }

    /** Waits for the background decode to end (tests and shutdown). */
    public void awaitLoaded() throws InterruptedException {
        if (loader != null) loader.join();
    }

    public String title() {
        return title;
    }

    /** Every row, in capture order. */
    public RowList rows() {
        return rows;
    }

    /** The rows the filter lets through, in capture order. */
    public FilteredList<Row> shown() {
        return shown;
    }

    public void setFilter(Predicate<Record> filter) {
        shown.setPredicate(filter == null ? null : row -> filter.test(row.record()));
    }

    public ObservableList<TimelineMark> events() {
        return events;
    }

    public TimelineMarks timeline() {
        return timeline;
    }

    /** RPC responses paired with their requests so far (core-codec's RpcTracker): response row → request row. */
    public Map<Integer, Integer> rpcPairs() {
        return responseToRequest;
    }

    /** The traffic statistics so far (core-codec's TrafficStats, fed with the wire's messages). */
    public TrafficStats traffic() {
        return analyses.get(TrafficStats.class);
    }

    /** Every analysis of the capture (core-codec's registered list), fed with its rows so far. */
    public Analyses analyses() {
        return analyses;
    }

    public ObjectProperty<NameTable> names() {
        return names;
    }

    public DoubleProperty progress() {
        return progress;
    }

    public ReadOnlyBooleanProperty loading() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<DecodeSummary> summary() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Exception> failure() {
        return failure.getReadOnlyProperty();
    }

    /** Capture time of the first record with a time, -1 when none. */
    public long startNanos() {
        return startNanos;
    }

    public int errorRows() {
        return errorRows;
    }

    /** The number of the first row from this packet (rows are in packet order), or the nearest after it. */
    public int rowOfPacket(long packet) {
        int lo = 0, hi = rows.size() - 1, found = rows.size();
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (rows.get(mid).record().frame().packet() >= packet) {
                found = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return Math.min(found, Math.max(0, rows.size() - 1)) + 1;
    }

    /** The row with this number (1-based, capture order). */
    public Row row(int number) {
        return rows.get(number - 1);
    }

    /** The first {@code max} bytes of the row's frame, or null when it has none. */
    public byte[] frameBytes(Row r, int max) {
        return r.frameIndex() < 0 ? null : frames.read(r.frameIndex(), max);
    }

    /** The first {@code max} bytes of the captured packet (link layer on) the row's frame came in, or null. */
    public byte[] packetBytes(Row r, int max) {
        if (r.record().frame() == null) return null;
        int index = frames.packet(r.record().frame().packet());
        return index < 0 ? null : frames.read(index, max);
    }

    /** The full captured length of the row's packet, 0 when it was not kept. */
    public int packetLength(Row r) {
        if (r.record().frame() == null) return 0;
        int index = frames.packet(r.record().frame().packet());
        return index < 0 ? 0 : frames.length(index);
    }

    /** The full length of the row's frame, 0 when it has none. */
    public int frameLength(Row r) {
        return r.frameIndex() < 0 ? 0 : frames.length(r.frameIndex());
    }

    @Override
    public void close() {
        stop();
        frames.close();
    }

    /** Opens a capture file through core-codec's InputOpener. */
    public static CaptureSource open(String path) throws IOException {
        return InputOpener.open(path, InputHints.AUTO);
    }
}
