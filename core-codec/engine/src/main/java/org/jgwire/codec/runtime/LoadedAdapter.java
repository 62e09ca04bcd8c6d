package org.jgwire.codec.runtime;

import java.io.IOException;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * An adapter running on one JGroups jar, with the class loader that holds both. Every call runs with that loader
 * as the thread's context loader (some JGroups code looks resources up there) and is fenced: the sandbox's budget
 * is the frame's length ({@link SandboxGuard}), and whatever the jar throws or the sandbox refuses becomes an error
 * record here, the boundary the rest of jgwire relies on.
 */
final class LoadedAdapter implements AutoCloseable, AdapterSlot {
    private final WireAdapter adapter;
    private final URLClassLoader loader;
    private final String label;

    LoadedAdapter(WireAdapter adapter, URLClassLoader loader, String label) {
        this.adapter = adapter;
        this.loader = loader;
        this.label = label;
    }

    /** The jar's version as the adapter reports it, e.g. {@code 5.5.7.Final}. */
    String label() {
        return label;
    }

    List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        ClassLoader before = enter();
        int outer = SandboxGuard.begin(len);
        try {
            return checked(adapter.decode(kind, buf, off, len, frame), frame);
        } catch (Throwable e) {
            return failed(e, "a " + kind + " frame of " + len + " bytes", frame);
        } finally {
            leave(before, outer);
        }
    }

    /** {@link WireAdapter#decodeMessage}, fenced like {@link #decode}. */
    List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        ClassLoader before = enter();
        int outer = SandboxGuard.begin(len);
        try {
            return checked(adapter.decodeMessage(type, buf, off, len, frame), frame);
        } catch (Throwable e) {
            return failed(e, "a reassembled message of " + len + " bytes", frame);
        } finally {
            leave(before, outer);
        }
    }

    /** {@link WireAdapter#readEncryptHeader}, fenced like {@link #decode}: null on any failure. */
    EncryptHeaderFields readEncryptHeader(int magicId, byte[] buf, int off, int len) {
        ClassLoader before = enter();
        int outer = SandboxGuard.begin(len);
        try {
            EncryptHeaderFields f = adapter.readEncryptHeader(magicId, buf, off, len);
            return SandboxGuard.refused() == null ? f : null;
        } catch (Throwable e) {
            rethrowFatal(e);
            return null; // the message is shown as it travelled, encrypted
        } finally {
            leave(before, outer);
        }
    }

    /** {@link WireAdapter#keyBlockLength}, fenced like {@link #decode}: -1 on any failure. */
    int keyBlockLength(byte[] buf, int off, int len) {
        ClassLoader before = enter();
        int outer = SandboxGuard.begin(len);
        try {
            int n = adapter.keyBlockLength(buf, off, len);
            return SandboxGuard.refused() == null && n >= 0 && n <= len ? n : -1;
        } catch (Throwable e) {
            rethrowFatal(e);
            return -1;
        } finally {
            leave(before, outer);
        }
    }

    /**
     * {@link WireAdapter#decodeView}, fenced like {@link #decode}.
     *
     * @throws IllegalArgumentException saying why, when the jar rejects the bytes or the sandbox refuses them
     */
    ViewInfo decodeView(String gmsType, byte[] buf, int off, int len) {
        ClassLoader before = enter();
        int outer = SandboxGuard.begin(len);
        try {
            ViewInfo view = adapter.decodeView(gmsType, buf, off, len);
            SandboxGuard.Refused refused = SandboxGuard.refused();
            if (refused != null) throw new IllegalArgumentException("JGroups " + label + " " + refused.what());
            return view;
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Throwable e) {
            rethrowFatal(e);
            SandboxGuard.Refused refused = SandboxGuard.refused();
            throw new IllegalArgumentException(
                    "JGroups " + label + (refused != null ? " " + refused.what() : " cannot read it: " + e));
        } finally {
            leave(before, outer);
        }
    }

    private ClassLoader enter() {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        return before;
    }

    private static void leave(ClassLoader before, int outerFrame) {
        SandboxGuard.end(outerFrame);
        Thread.currentThread().setContextClassLoader(before);
    }

    /** What the adapter decoded, with what the sandbox refused meanwhile (JGroups may have swallowed it). */
    private List<Record> checked(List<Record> out, FrameInfo frame) {
        SandboxGuard.Refused refused = SandboxGuard.refused();
        if (refused != null) return withRefusal(out != null ? out : List.of(), refused, frame);
        return out != null ? out : List.of();
    }

    private List<Record> failed(Throwable e, String what, FrameInfo frame) {
        rethrowFatal(e);
        SandboxGuard.Refused refused = SandboxGuard.refused();
        if (refused != null) return withRefusal(List.of(), refused, frame);
        return List.of(new ErrorRecord(
                frame, ProblemKind.MALFORMED, -1, "JGroups " + label + " adapter failed on " + what + ": " + e));
    }

    /**
     * {@code out} with its first error record (the adapter's report of the exception the refusal caused, at the
     * structure's offset) saying what the sandbox refused instead, or with that added at the end.
     */
    private List<Record> withRefusal(List<Record> out, SandboxGuard.Refused refused, FrameInfo frame) {
        String message = "JGroups " + label + " " + refused.what();
        List<Record> records = new ArrayList<>(out);
        for (int i = 0; i < records.size(); i++)
            if (records.get(i) instanceof ErrorRecord e) {
                records.set(i, new ErrorRecord(e.frame(), refused.kind(), e.offset(), message));
                return records;
            }
        records.add(new ErrorRecord(frame, refused.kind(), -1, message));
        return records;
    }

    /**
     * Errors the JVM cannot recover from pass. An OutOfMemoryError does not: the sandbox bounds what one frame may
     * allocate, so one still thrown is the frame's (an allocation the sandbox does not see, inside the JDK), and its
     * memory is free again once the frame is abandoned.
     */
    static void rethrowFatal(Throwable e) {
        if (e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError) && !(e instanceof StackOverflowError))
            throw (VirtualMachineError) e;
    }

    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            // the jar stays open until exit: harmless
        }
    }
}
