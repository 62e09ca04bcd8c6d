package org.jgwire.codec.framing;

import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;

/**
 * Cuts one direction of a TCP connection into frames. Every JGroups stream is {@code i32 length + frame}
 * ({@code TcpConnection.doSend}, {@code NioConnection.send}); what a frame is depends on the stream:
 * <ul>
 *   <li>TCP / TCP_NIO2: a transport frame; the connecting side first sends a {@link Handshake};</li>
 *   <li>FD_SOCK2: the same handshake, then bare messages ({@code FD_SOCK2.messageToBuffer});</li>
 *   <li>TUNNEL to and from a GossipRouter: a {@code GossipData}, without handshake ({@code TcpClient} and the
 *       router's {@code TcpServer} run without peer connections).</li>
 * </ul>
 * The kind is learnt from the handshake, from the peer direction ({@link #peer}) or from the first frames.
 * Frames that lie entirely inside one {@link #data} call are handed on without copying; only a frame spanning
 * calls is gathered, in a buffer no larger than the bytes actually received (at most
 * {@link Limits#maxFrameLength()} + 4). A direction that holds nothing but FD_SOCK's one-byte signal is handed on
 * as that signal ({@link FdSockSignal}); one that carried nothing and whose sender closed it first is reported to
 * the sink as a silent close ({@link FrameSink#closedSilently}). A frame is handed on only if the bytes after it,
 * where they are at hand, start another frame: a length prefix that is wrong but in range is caught by what lies
 * where it points. After a gap, a bad length or at the start of a capture that began mid-stream, the framer
 * resynchronises on the next offset whose length and frame start are plausible and chain to another
 * ({@link FrameSync}). Offsets in problems are stream offsets (bytes since the first one seen, gaps included).
 *
 * <p>Byte accounting: {@code bytesSeen() == bytesFramed() + bytesSkipped() + bytesBuffered()} at any time;
 * after {@link #end} nothing stays buffered. Not thread-safe: one framer per direction, fed in order.
 *
 * <p>Buffering, framing, resynchronisation and the byte accounting share one buffer and its counters; split apart, each
 * piece would have to keep the others' invariant.
 */
public final class StreamFramer {
    /** {@code Connection.GRACEFUL_CLOSE} (5.5.3+): a length of -5 closes the connection. */
    static final int GRACEFUL_CLOSE = -5;

    private enum State {
        START,
        ALIGNED,
        SKIP,
        SYNC,
        ENDED
    }

    private enum Why {
        START,
        GAP,
        BAD
    }

    private final Endpoint src, dst;
    private final int maxFrame;
    private final FrameSink sink;
    private StreamFramer peer;
    /** The other direction of the connection ended before this one did. */
    private boolean peerEnded;

    private State state = State.START;
    private Why why = Why.START;
    /** Why the framer left alignment, when a bad length is the reason and the records should say which; or null. */
    private String cause;

    private final FrameSync sync;

    private byte[] pending = new byte[0];
    private int pendLen, curLen = -1;
    private long pendBase, skip, syncSkipped;
    private long streamPos, seen, framed, skipped, missing, frameCount, closes, signals;
    /** {@link #GRACEFUL_CLOSE} as written ({@code DataOutput.writeInt}). */
    private static final byte[] CLOSE_MARK = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFB};
    /**
     * Whether the stream so far is nothing but close marks: a direction that holds only those is recognised at its
     * end (JGroups may write the mark twice: two threads closing one connection both see it open).
     */
    private boolean onlyCloseMarks = true;

    private long packet, tsNanos = -1;
    private FrameInfo info;
    /**
     * The packets the pending bytes arrived in, oldest first: packet {@code arrivalPacket[i]} (at
     * {@code arrivalTs[i]}) brought the pending bytes up to stream offset {@code arrivalEnd[i]}. A frame framed
     * from bytes held over several packets (behind a wrong length, or while resynchronising) keeps the packet of its
     * last byte, as a frame framed on arrival does.
     */
    private long[] arrivalEnd = new long[4], arrivalPacket = new long[4], arrivalTs = new long[4];

    private int arrivals;
    /** Packets that brought bytes to {@link #data}, the first and the last of them. */
    private long dataPackets, firstDataPacket = -1, firstDataTs = -1, lastDataPacket = -1, lastDataTs = -1;
    /** A frame start was found by resynchronisation: the stream is JGroups, whatever follows. */
    private boolean resyncedOnce;

    /** A framer for the bytes {@code src} sends to {@code dst}. */
    public StreamFramer(Endpoint src, Endpoint dst, Limits limits, FrameSink sink) {
        this.src = src;
        this.dst = dst;
        this.maxFrame = limits.maxFrameLength();
        this.sink = sink;
        this.sync = new FrameSync(maxFrame);
    }

    /** Pairs this framer with the other direction of the same connection, so each tells the other its kind. */
    public void peer(StreamFramer other) {
        this.peer = other;
        other.peer = this;
        if (sync.kind != null) other.learn(sync.kind);
        else if (other.sync.kind != null) learn(other.sync.kind);
    }

    /**
     * The other direction of this connection ended before this one was seen: the reassembler had it among its recently
     * closed directions, so {@link #peer} was never called.
     */
    public void peerEnded() {
        peerEnded = true;
    }

    // --- the stream's events: data, gaps and ends ---

    /** The next {@code len} bytes of the stream, seen in capture packet {@code packet} at {@code tsNanos}. */
    public void data(byte[] b, int off, int len, long packet, long tsNanos) {
        if (len <= 0) return;
        at(packet, tsNanos);
        if (packet != lastDataPacket || dataPackets == 0) {
            if (dataPackets++ == 0) {
                firstDataPacket = packet;
                firstDataTs = tsNanos;
            }
            lastDataPacket = packet;
            lastDataTs = tsNanos;
        }
        for (int i = 0; onlyCloseMarks && i < len; i++) onlyCloseMarks = b[off + i] == CLOSE_MARK[(int) (seen + i & 3)];
        seen += len;
        long base = streamPos - off;
        streamPos += len;
        if (state == State.ENDED) {
            skipped += len;
            return;
        }
        int end = off + len;
        while (off < end) {
            switch (state) {
                case SKIP -> {
                    int n = (int) Math.min(skip, end - off);
                    skip -= n;
                    skipped += n;
                    off += n;
                    if (skip == 0) state = State.ALIGNED;
                }
                case ALIGNED -> {
                    if (pendLen > 0) off = fill(b, off, end, base);
                    else {
                        int stop = frames(b, off, end, base);
                        if (state == State.ALIGNED) {
                            keep(b, stop, end - stop, base + stop);
                            curLen = pendLen >= 4 ? FrameDetector.i32(pending, 0) : -1;
                            off = end;
                        } else off = stop;
                    }
                }
                default -> { // START, SYNC
                    if (pendLen > 0) {
                        keep(b, off, end - off, base + off);
                        off = end;
                        scan();
                        continue;
                    }
                    int p = find(b, off, end);
                    syncSkipped += p - off;
                    skipped += p - off;
                    if (sync.verdict != FrameDetector.YES) { // keep what needs more bytes to be judged
                        keep(b, p, end - p, base + p);
                        off = end;
                    } else if (sync.hsLen > 0) {
                        handshake(b, p);
                        off = p + sync.hsLen;
                    } else {
                        resynced(base + p);
                        off = p;
                    }
                }
            }
        }
    }

    /** {@code missingBytes} of the stream were never captured (or given up on); framing resynchronises. */
    public void gap(long missingBytes, long packet, long tsNanos) {
        if (missingBytes <= 0 || state == State.ENDED) return;
        at(packet, tsNanos);
        long at = streamPos;
        streamPos += missingBytes;
        missing += missingBytes;
        if (state == State.ALIGNED && curLen >= 0 && missingBytes <= 4L + curLen - pendLen) {
            // The hole lies inside one frame: that frame is lost, but the next starts where it would have ended.
            problem(
                    ProblemKind.GAP,
                    at,
                    missingBytes + " bytes missing from the stream; the frame of " + curLen + " bytes at offset "
                            + pendBase + " is lost");
            skip = 4L + curLen - pendLen - missingBytes;
            drop(pendLen);
            curLen = -1;
            state = skip > 0 ? State.SKIP : State.ALIGNED;
            return;
        }
        if (state == State.SKIP && missingBytes <= skip) {
            skip -= missingBytes;
            problem(ProblemKind.GAP, at, missingBytes + " bytes missing from the stream inside a lost frame");
            if (skip == 0) state = State.ALIGNED;
            return;
        }
        problem(
                ProblemKind.GAP,
                at,
                missingBytes + " bytes missing from the stream"
                        + (pendLen > 0 ? "; " + pendLen + " bytes before them dropped" : "") + "; resynchronising");
        drop(pendLen);
        curLen = -1;
        syncSkipped = 0;
        state = State.SYNC;
        why = Why.GAP;
        cause = null;
    }

    /** The stream ended (FIN, RST, eviction or end of capture): a frame still incomplete is reported truncated. */
    public void end(long packet, long tsNanos) {
        end(packet, tsNanos, null);
    }

    /**
     * As {@link #end(long, long)}; {@code how} says how the stream ended ("FIN", "connection reset by packet 7"), for
     * the record of what the end cut off; null when it just stopped.
     */
    public void end(long packet, long tsNanos, String how) {
        end(packet, tsNanos, how, false);
    }

    /**
     * As {@link #end(long, long, String)}; {@code bySender} says that this direction's sender closed it (its FIN, or a
     * reset it sent), not the peer, the capture or a limit.
     */
    public void end(long packet, long tsNanos, String how, boolean bySender) {
        if (state == State.ENDED) return;
        String by = how == null ? "the end of the stream" : "the end of the stream (" + how + ")";
        at(packet, tsNanos);
        if (onlyCloseMarks
                && seen >= 4
                && seen % 4 == 0
                && missing == 0
                && (state == State.START || state == State.SYNC)) {
            // 5.5.3+: the side that closes a connection it never used sends nothing but the close mark
            closes += seen / 4;
            framed += seen;
            skipped -= syncSkipped;
            syncSkipped = 0;
            pendLen = 0;
        }
        if (state == State.ALIGNED
                && curLen >= 0
                && sync.kind != null
                && sync.framesInside(pending, 1, pendLen, pendLen)) {
            // a frame cut by the end that holds frames chained one to the next: its length was wrong
            wrongLength(curLen, pendBase, "points past the end of the stream, over frames that follow one another");
            drop(1);
        }
        if (state == State.START && FdSockSignal.isNormalTermination(pending, pendLen, seen, missing)) {
            framed += 1;
            pendLen = 0;
            signals++;
            sink.signal(new FrameInfo(packet, tsNanos, src, dst, Transport.FD_SOCK), FdSockSignal.NORMAL);
        }
        if (bySender && seen == 0 && missing == 0 && !peerEnded && (peer == null || !peer.holdsNormalTermination()))
            // closed first, without a byte, while the peer was neither closed nor signalling that it stops
            sink.closedSilently(new FrameInfo(packet, tsNanos, src, dst, Transport.FD_SOCK));
        if (peer != null) peer.peerEnded = true;
        if (pendLen > 0 && (state == State.START || state == State.SYNC)) {
            sync.ending = true; // a candidate that waited for its successor is taken as it is
            scan();
        }
        if (pendLen > 0) {
            if (state == State.ALIGNED && curLen >= 0)
                problem(
                        ProblemKind.TRUNCATED,
                        pendBase,
                        "frame of " + curLen + " bytes truncated by " + by + ": " + (pendLen - 4) + " bytes present");
            else if (state == State.ALIGNED)
                problem(
                        ProblemKind.TRUNCATED,
                        pendBase,
                        "frame length truncated by " + by + ": " + pendLen + " of 4 bytes present");
            else
                problem(
                        ProblemKind.TRUNCATED,
                        pendBase - syncSkipped,
                        "no frame found in the last " + (pendLen + syncSkipped) + " bytes of the stream"
                                + (how == null ? "" : " (" + how + ")") + because());
            drop(pendLen);
        } else if (state == State.SYNC && syncSkipped > 0)
            problem(
                    ProblemKind.MALFORMED,
                    streamPos - syncSkipped,
                    "no frame found in the last " + syncSkipped + " bytes of the stream" + because());
        pending = new byte[0];
        state = State.ENDED;
    }

    /**
     * Whether everything this direction carried so far, from its start, is FD_SOCK's normal-termination byte, held
     * until its end shows it alone: the member sending it stops on purpose ({@code sendPingSignal}).
     */
    private boolean holdsNormalTermination() {
        return state == State.START && FdSockSignal.isNormalTermination(pending, pendLen, seen, missing);
    }

    // --- what the stream is, and its byte accounting ---

    /** What the frames of this stream are, or null while unknown. */
    public FrameKind kind() {
        return sync.kind;
    }

    /** Whether the stream began with a handshake ("bela" cookie). */
    public boolean handshakeSeen() {
        return sync.handshakeSeen;
    }

    /** The version short the handshake announced, or -1 without a handshake. */
    public int handshakeVersion() {
        return sync.handshakeSeen ? sync.version : -1;
    }

    /** The version short of the connection's handshake, sent in this direction or in its peer's; -1 without one. */
    private int connectionVersion() {
        int v = handshakeVersion();
        return v >= 0 || peer == null ? v : peer.handshakeVersion();
    }

    /** The server address the handshake announced (the connecting member's physical address), or null. */
    public Endpoint handshakeAddress() {
        return sync.handshakeAddress;
    }

    /**
     * Whether this direction showed anything JGroups: a handshake, a frame start (by resynchronisation too), a
     * graceful-close mark or an FD_SOCK signal.
     */
    public boolean showedJGroups() {
        return sync.handshakeSeen || resyncedOnce || frameCount > 0 || closes > 0 || signals > 0;
    }

    /** The sender of this direction. */
    public Endpoint src() {
        return src;
    }

    /** The receiver of this direction. */
    public Endpoint dst() {
        return dst;
    }

    /** Packets that brought bytes to {@link #data}. */
    public long dataPackets() {
        return dataPackets;
    }

    /** The capture packet number of the first bytes given to {@link #data}, -1 before them. */
    public long firstDataPacket() {
        return firstDataPacket;
    }

    public long firstDataTsNanos() {
        return firstDataTs;
    }

    /** The capture packet number of the last bytes given to {@link #data}, -1 before them. */
    public long lastDataPacket() {
        return lastDataPacket;
    }

    public long lastDataTsNanos() {
        return lastDataTs;
    }

    /** Bytes given to {@link #data}. */
    public long bytesSeen() {
        return seen;
    }

    /** Bytes handed on: frames, their length prefixes, handshake, graceful-close marks and FD_SOCK signals. */
    public long bytesFramed() {
        return framed;
    }

    /** Bytes given up on: before a resynchronisation point, inside lost frames, or cut by the end. */
    public long bytesSkipped() {
        return skipped;
    }

    /** Bytes reported missing through {@link #gap}. */
    public long bytesMissing() {
        return missing;
    }

    /** Bytes held while waiting for the rest of a frame or for a resynchronisation decision. */
    public int bytesBuffered() {
        return pendLen;
    }

    /** Frames handed to the sink. */
    public long frameCount() {
        return frameCount;
    }

    /** FD_SOCK signals handed to the sink ({@link FdSockSignal}). */
    public long signalCount() {
        return signals;
    }

    /** Graceful-close marks ({@code -5}) seen. */
    public long gracefulCloses() {
        return closes;
    }

    // --- framing ---

    private void learn(FrameKind k) {
        if (sync.kind == null && state != State.ENDED) sync.kind = k;
    }

    /** Emits the whole frames of {@code a[off, end)}, where {@code a[i]} is at stream offset {@code base + i}. */
    private int frames(byte[] a, int off, int end, long base) {
        while (end - off >= 4) {
            int len = FrameDetector.i32(a, off);
            if (len == GRACEFUL_CLOSE) {
                closes++;
                framed += 4;
                off += 4;
                continue;
            }
            if (!lengthOk(len, base + off)) return off;
            if (end - off - 4 < len) return off;
            if (!chains(a, off, len, end, a, off + 4 + len, end, base + off)) {
                skipped++; // the wrong length's first byte: resynchronisation looks from the next one on
                return off + 1;
            }
            emit(a, off + 4, len);
            off += 4 + len;
        }
        return off;
    }

    /** Adds input to the frame gathered in {@code pending}; emits it once whole. */
    private int fill(byte[] b, int off, int end, long base) {
        if (pendLen < 4) {
            int n = Math.min(4 - pendLen, end - off);
            keep(b, off, n, base + off);
            off += n;
            if (pendLen < 4) return off;
            int len = FrameDetector.i32(pending, 0);
            if (len == GRACEFUL_CLOSE) {
                closes++;
                framed += 4;
                pendLen = 0;
                return off;
            }
            if (!lengthOk(len, pendBase)) {
                scan();
                return off;
            }
            curLen = len;
        }
        int n = Math.min(4 + curLen - pendLen, end - off);
        keep(b, off, n, base + off);
        off += n;
        if (pendLen == 4 + curLen) {
            if (!chains(b, off, end)) {
                drop(1); // the wrong length's first byte: resynchronisation looks from the next one on
                return off;
            }
            pendLen = 0; // before emit: the sink may not see pending as still held
            emit(pending, 4, curLen);
            curLen = -1;
        }
        return off;
    }

    /**
     * Whether the whole frame of {@code len} bytes whose length prefix is at {@code f[o]} (stream offset {@code at};
     * {@code f[o, fEnd)} at hand) is one: the bytes after it, {@code n[q, end)}, start another frame, or they do not
     * but neither does anything inside it, so the length is right and the next one is damaged (reported when read).
     * A frame whose successor fails while two chained frames start inside it had a wrong length: the framer
     * resynchronises from the byte after the prefix's first. Bytes not yet at hand are no evidence: a frame that ends
     * where they end is handed on.
     */
    private boolean chains(byte[] f, int o, int len, int fEnd, byte[] n, int q, int end, long at) {
        if (sync.kind == null || sync.follows(sync.kind, n, q, end) != FrameDetector.NO) return true;
        if (!sync.framesInside(f, o + 1, o + 4 + len, fEnd)) return true;
        wrongLength(len, at, "is not followed by another frame");
        return false;
    }

    /** As {@link #chains}, for the whole frame in {@code pending} followed by {@code b[off, end)}. */
    private boolean chains(byte[] b, int off, int end) {
        if (sync.kind == null || sync.follows(sync.kind, b, off, end) != FrameDetector.NO) return true;
        byte[] joined = Arrays.copyOf(pending, pendLen + end - off); // rare: only where the next frame fails
        System.arraycopy(b, off, joined, pendLen, end - off);
        return chains(joined, 0, curLen, joined.length, joined, pendLen, joined.length, pendBase);
    }

    /** The length at stream offset {@code at} was wrong: resynchronise from the byte after its first. */
    private void wrongLength(int len, long at, String how) {
        state = State.SYNC;
        why = Why.BAD;
        cause = "the frame length (" + len + ") at offset " + at + " " + how;
        syncSkipped = 1;
        curLen = -1;
    }

    /** Checks a length prefix; a bad one is reported and switches to resynchronisation. */
    private boolean lengthOk(int len, long at) {
        int min = sync.kind == FrameKind.GOSSIP ? 7 : 3;
        if (len >= min && len <= maxFrame) return true;
        if (len > maxFrame)
            problem(
                    ProblemKind.LIMIT,
                    at,
                    "frame length (" + len + ") exceeds the maximum (" + maxFrame + ", --max-frame)");
        else if (len < 0) problem(ProblemKind.MALFORMED, at, "negative frame length (" + len + ")");
        else
            problem(
                    ProblemKind.MALFORMED,
                    at,
                    "frame length (" + len + ") is below the smallest frame (" + min + " bytes)");
        state = State.SYNC;
        why = Why.BAD;
        cause = null;
        syncSkipped = 0;
        curLen = -1;
        return false;
    }

    // --- resynchronisation ---

    /**
     * Frames from {@code pending} once {@link #find} locates a handshake or a frame start in it; keeps the bytes
     * whose verdict needs more data.
     */
    private void scan() {
        while (true) {
            int p = find(pending, 0, pendLen);
            if (p > 0) {
                syncSkipped += p;
                drop(p);
            }
            if (sync.verdict != FrameDetector.YES) return;
            if (sync.hsLen > 0) {
                handshake(pending, 0);
                pendBase += sync.hsLen;
                compact(sync.hsLen);
                continue;
            }
            resynced(pendBase);
            int stop = frames(pending, 0, pendLen, pendBase);
            pendBase += stop;
            compact(stop);
            if (state == State.ALIGNED) {
                curLen = pendLen >= 4 ? FrameDetector.i32(pending, 0) : -1;
                return;
            }
        }
    }

    /** Runs {@link FrameSync#find} and keeps the framer's state in step with what it found. */
    private int find(byte[] a, int from, int end) {
        boolean atStart = state == State.START;
        FrameKind before = sync.kind;
        int p = sync.find(a, from, end, atStart);
        if (atStart && p > from) {
            state = State.SYNC; // the first bytes are no frame: the capture joined mid-stream
            why = sync.handshakeSeen ? Why.BAD : Why.START;
        }
        if (before == null && sync.kind != null && peer != null) peer.learn(sync.kind);
        return p;
    }

    private void handshake(byte[] a, int p) {
        sync.handshake(a, p);
        framed += sync.hsLen;
        state = State.START; // a frame must follow right away
    }

    /** A frame starts at stream offset {@code at}: report what was skipped to get there, and frame on. */
    private void resynced(long at) {
        if (syncSkipped > 0) {
            if (why == Why.START)
                problem(
                        ProblemKind.GAP,
                        at - syncSkipped,
                        "stream joined mid-way: " + syncSkipped + " bytes skipped before the first frame at offset "
                                + at);
            else
                problem(
                        why == Why.GAP ? ProblemKind.GAP : ProblemKind.MALFORMED,
                        at - syncSkipped,
                        "resynchronised at offset " + at + " after skipping " + syncSkipped + " bytes" + because());
        }
        cause = null;
        syncSkipped = 0;
        state = State.ALIGNED;
        resyncedOnce = true;
    }

    private String because() {
        return why == Why.BAD && cause != null ? ": " + cause : "";
    }

    // --- records out, bytes kept ---

    private void emit(byte[] a, int off, int len) {
        frameCount++;
        framed += 4L + len;
        FrameInfo where = a == pending ? arrivedIn(pendBase + off + len - 1) : info();
        sink.frame(where, sync.kind, connectionVersion(), a, off, len);
    }

    /** The frame info of the packet that brought the pending byte at stream offset {@code at}. */
    private FrameInfo arrivedIn(long at) {
        int i = arrivals - 1;
        while (i > 0 && arrivalEnd[i - 1] > at) i--;
        if (i < 0 || arrivalPacket[i] == packet && arrivalTs[i] == tsNanos) return info();
        return new FrameInfo(arrivalPacket[i], arrivalTs[i], src, dst, info().transport()); // rare: held bytes
    }

    private void problem(ProblemKind k, long offset, String message) {
        sink.problem(info(), k, offset, message);
    }

    private void at(long packet, long tsNanos) {
        if (packet != this.packet || tsNanos != this.tsNanos) info = null;
        this.packet = packet;
        this.tsNanos = tsNanos;
    }

    private FrameInfo info() {
        Transport t = sync.kind == FrameKind.GOSSIP
                ? Transport.TUNNEL
                : sync.kind == FrameKind.BARE_MESSAGE ? Transport.FD_SOCK2 : Transport.TCP;
        if (info == null || info.transport() != t) info = new FrameInfo(packet, tsNanos, src, dst, t);
        return info;
    }

    /** Appends {@code b[off, off+n)}, which starts at stream offset {@code at}, to {@code pending}. */
    private void keep(byte[] b, int off, int n, long at) {
        if (n <= 0) return;
        if (pendLen == 0) {
            pendBase = at;
            arrivals = 0;
        }
        arrived(at + n);
        int need = pendLen + n;
        if (need > pending.length) {
            int cap = Math.max(need, Math.min(pending.length * 2, curLen >= 0 ? curLen + 4 : Integer.MAX_VALUE - 8));
            pending = Arrays.copyOf(pending, Math.max(cap, 64));
        }
        System.arraycopy(b, off, pending, pendLen, n);
        pendLen = need;
    }

    /** Notes that the current packet brought the pending bytes up to stream offset {@code end}. */
    private void arrived(long end) {
        int last = arrivals - 1;
        if (last >= 0 && arrivalPacket[last] == packet && arrivalTs[last] == tsNanos) {
            arrivalEnd[last] = end;
            return;
        }
        if (arrivals == arrivalEnd.length) {
            arrivalEnd = Arrays.copyOf(arrivalEnd, arrivals * 2);
            arrivalPacket = Arrays.copyOf(arrivalPacket, arrivals * 2);
            arrivalTs = Arrays.copyOf(arrivalTs, arrivals * 2);
        }
        arrivalEnd[arrivals] = end;
        arrivalPacket[arrivals] = packet;
        arrivalTs[arrivals++] = tsNanos;
    }

    /** Gives up the first {@code n} pending bytes. */
    private void drop(int n) {
        skipped += n;
        pendBase += n;
        compact(n);
    }

    private void compact(int n) {
        if (n <= 0) return;
        System.arraycopy(pending, n, pending, 0, pendLen - n);
        pendLen -= n;
    }
}
