package org.jgwire.codec.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.jgwire.codec.Limits;

/**
 * Opens an input file or stdin as the right {@link CaptureSource}, telling the kind from its first bytes unless
 * the user named it: a pcap or pcapng magic number, the header of {@code tshark -z follow,tcp,raw}, other text
 * (hex lines), or else raw binary. Files are read through a {@link FileChannel}; stdin through a channel that
 * first hands back the bytes looked at, and that is never closed.
 */
public final class InputOpener {
    /** What an input holds. */
    public enum Kind {
        PCAP,
        PCAPNG,
        HEX,
        FOLLOW,
        RAW;

        /** The name used by {@link InputHints#format()}. */
        public String formatName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Most bytes looked at to tell the kind. */
    static final int HEAD = 8192;

    private InputOpener() {}

    /**
     * Opens {@code pathOrDash} ({@code -} for stdin).
     *
     * @throws NoSuchFileException when the file does not exist
     */
    public static CaptureSource open(String pathOrDash, InputHints hints) throws IOException {
        return open(pathOrDash, hints, Limits.DEFAULTS);
    }

    /** As {@link #open(String, InputHints)}, the sources bounded by {@code limits}. */
    public static CaptureSource open(String pathOrDash, InputHints hints, Limits limits) throws IOException {
        return open(pathOrDash, hints, limits, System.in);
    }

    /**
     * As {@link #open(String, InputHints, Limits)}, reading {@code stdin} for {@code -} (the command line passes
     * one that says when a read would wait, to flush what was decoded before it).
     */
    public static CaptureSource open(String pathOrDash, InputHints hints, Limits limits, InputStream stdin)
            throws IOException {
        if (hints == null) hints = InputHints.AUTO;
        Kind forced =
                hints.format() == null ? null : Kind.valueOf(hints.format().toUpperCase(Locale.ROOT));
        ReadableByteChannel channel;
        Kind kind;
        if ("-".equals(pathOrDash)) {
            Opened o = fromStream(pathOrDash, stdin, forced, true);
            channel = o.channel();
            kind = o.kind();
        } else {
            FileChannel file;
            try {
                file = FileChannel.open(Path.of(pathOrDash), StandardOpenOption.READ);
            } catch (NoSuchFileException e) {
                throw new NoSuchFileException(pathOrDash, null, "no such input file");
            }
            channel = file;
            try {
                byte[] head = head(file);
                Compression c = decompressible(forced) ? Compression.of(head, head.length) : null;
                if (c != null) {
                    Opened o = fromStream(
                            pathOrDash, decompress(c, pathOrDash, Channels.newInputStream(file)), forced, false);
                    channel = o.channel();
                    kind = o.kind();
                } else kind = forced != null ? forced : detect(head, head.length, true);
            } catch (IOException | RuntimeException e) {
                file.close();
                throw e;
            }
        }
        try {
            return source(kind, channel, hints, limits);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The input's first bytes, read without moving the channel: it stays at 0 for the source. */
    private static byte[] head(FileChannel file) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(HEAD);
        while (head.hasRemaining()) {
            if (file.read(head, head.position()) < 0) break;
        }
        return java.util.Arrays.copyOf(head.array(), head.position());
    }

    /** What a stream holds: its kind told from its first bytes (decompressed first when it is compressed). */
    private static Opened fromStream(String name, InputStream in, Kind forced, boolean mayBeCompressed)
            throws IOException {
        if (forced != null && !decompressible(forced))
            return new Opened(new PrefixedChannel(new byte[0], 0, Channels.newChannel(in)), forced);
        byte[] head = new byte[HEAD];
        int n = 0;
        boolean eof = false;
        Kind kind;
        while (true) {
            if (mayBeCompressed && (eof || n >= Compression.MAGIC_BYTES)) {
                Compression c = Compression.of(head, n);
                if (c != null) {
                    InputStream whole = new SequenceInputStream(new ByteArrayInputStream(head, 0, n), in);
                    return fromStream(name, decompress(c, name, whole), forced, false);
                }
                mayBeCompressed = false;
            }
            kind = forced != null ? forced : detect(head, n, eof);
            if (kind != null && !mayBeCompressed) break;
            int r = in.read(head, n, HEAD - n);
            if (r < 0) eof = true;
            else n += r;
        }
        return new Opened(new PrefixedChannel(head, n, Channels.newChannel(in)), kind);
    }

    /** Compressed input is looked for unless the user named a kind that is never compressed (hex, raw frames). */
    private static boolean decompressible(Kind forced) {
        return forced == null || forced == Kind.PCAP || forced == Kind.PCAPNG;
    }

    private static InputStream decompress(Compression c, String name, InputStream in) throws IOException {
        if (!c.readable()) throw new IOException(c.unsupported(name));
        try {
            return c.decompress(in);
        } catch (IOException | RuntimeException e) {
            throw new IOException((name.equals("-") ? "standard input" : name) + ": a damaged " + c.label()
                    + " stream (" + e.getMessage() + ")");
        }
    }

    private record Opened(ReadableByteChannel channel, Kind kind) {}

    private static CaptureSource source(Kind kind, ReadableByteChannel channel, InputHints hints, Limits limits)
            throws IOException {
        return switch (kind) {
            case PCAP, PCAPNG -> captureFileReader(kind, channel, limits);
            case HEX -> new HexLineSource(channel, hints.tcp(), limits);
            case FOLLOW -> new FollowTcpSource(channel, limits);
            case RAW -> new RawBinarySource(channel, hints.tcp(), hints.backToBack());
        };
    }

    /**
     * The readers of binary capture files (the pcap helper's classes), in one place. A file whose header is damaged
     * still opens: the damage is reported like damage further in, as an error record.
     */
    private static CaptureSource captureFileReader(Kind kind, ReadableByteChannel channel, Limits limits)
            throws IOException {
        try {
            return kind == Kind.PCAP ? new PcapReader(channel, limits) : new PcapngReader(channel, limits);
        } catch (CaptureFormatException e) {
            return new UnreadableSource(e, channel);
        }
    }

    /**
     * The kind of an input that starts with {@code b[0, n)}, or null when more bytes are needed to tell and
     * {@code eof} is false. Text is told apart by its first line that is not blank: {@code Follow:} (or a line of
     * '=' then {@code Follow:}) is follow output, anything else hex lines. Input with more control bytes (other than
     * tab, CR and LF) than {@link #oddBytesAllowed} is raw binary: a stray byte in hex text is one bad line, reported
     * and skipped, not a reason to read the whole text as one binary frame.
     */
    public static Kind detect(byte[] b, int n, boolean eof) {
        boolean complete = eof || n >= HEAD;
        if (n < 4) {
            if (!complete) return null;
            return n == 0 || isText(b, n) ? Kind.HEX : Kind.RAW;
        }
        int magic = (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
        // pcap: a1b2c3d4 (microseconds) or a1b23c4d (nanoseconds), written in either byte order
        if (magic == 0xa1b2c3d4 || magic == 0xd4c3b2a1 || magic == 0xa1b23c4d || magic == 0x4d3cb2a1) {
            return Kind.PCAP;
        }
        if (magic == 0x0a0d0d0a) return Kind.PCAPNG; // Section Header Block type, the same in both orders
        if (!isText(b, n)) return Kind.RAW;
        boolean afterRule = false; // the previous non-blank line was a line of '='
        int s = 0;
        while (s < n) {
            int nl = s;
            while (nl < n && b[nl] != '\n') nl++;
            if (nl == n && !complete) return null;
            int e = nl;
            while (e > s && (b[e - 1] == '\r' || b[e - 1] == ' ' || b[e - 1] == '\t')) e--;
            if (e > s) {
                if (startsWith(b, s, e, "Follow:")) return Kind.FOLLOW;
                if (afterRule || !startsWith(b, s, e, "===")) return Kind.HEX;
                afterRule = true;
            }
            s = nl + 1;
        }
        return complete ? Kind.HEX : null;
    }

    private static boolean isText(byte[] b, int n) {
        int odd = 0, allowed = oddBytesAllowed(n);
        for (int i = 0; i < n; i++) {
            int c = b[i] & 0xff;
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f) && ++odd > allowed) return false;
        }
        return true;
    }

    /**
     * Control bytes text of {@code n} bytes may hold: one per KiB, at least one from 64 bytes on. A binary JGroups
     * frame has far more (its version short, flags and lengths hold zero bytes), even the smallest.
     */
    static int oddBytesAllowed(int n) {
        return n < 64 ? 0 : Math.max(1, n >> 10);
    }

    private static boolean startsWith(byte[] b, int s, int e, String prefix) {
        if (e - s < prefix.length()) return false;
        for (int i = 0; i < prefix.length(); i++) {
            if (b[s + i] != prefix.charAt(i)) return false;
        }
        return true;
    }

    /** Hands back the bytes already looked at, then reads on from stdin; closing it leaves stdin open. */
    private static final class PrefixedChannel implements ReadableByteChannel {
        private final byte[] head;
        private final int headLength;
        private int headPos;
        private final ReadableByteChannel rest;
        private boolean open = true;

        PrefixedChannel(byte[] head, int headLength, ReadableByteChannel rest) {
            this.head = head;
            this.headLength = headLength;
            this.rest = rest;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (headPos < headLength) {
                int n = Math.min(dst.remaining(), headLength - headPos);
                dst.put(head, headPos, n);
                headPos += n;
                return n;
            }
            return rest.read(dst);
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false; // stdin belongs to the process
        }
    }
}
