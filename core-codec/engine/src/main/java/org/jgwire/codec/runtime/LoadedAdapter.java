package org.jgwire.codec.runtime;

import java.io.IOException;
import java.net.URLClassLoader;
import java.util.List;
import org.jgwire.codec.framing.FrameKind;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;

/**
 * An adapter running on one JGroups jar, with the class loader that holds both. Every call runs with that loader
 * as the thread's context loader (some JGroups code looks resources up there) and is fenced: whatever the jar
 * throws becomes an error record here, the boundary the rest of jgwire relies on.
 */
final class LoadedAdapter implements AutoCloseable {
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
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            List<Record> out = adapter.decode(kind, buf, off, len, frame);
            return out != null ? out : List.of();
        } catch (Throwable e) {
            rethrowFatal(e);
            return List.of(new ErrorRecord(
                    frame,
                    ProblemKind.MALFORMED,
                    -1,
                    "JGroups " + label + " adapter failed on a " + kind + " frame of " + len + " bytes: " + e));
        } finally {
            t.setContextClassLoader(before);
        }
    }

    /** {@link WireAdapter#decodeMessage}, fenced like {@link #decode}. */
    List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            List<Record> out = adapter.decodeMessage(type, buf, off, len, frame);
            return out != null ? out : List.of();
        } catch (Throwable e) {
            rethrowFatal(e);
            return List.of(new ErrorRecord(
                    frame,
                    ProblemKind.MALFORMED,
                    -1,
                    "JGroups " + label + " adapter failed on a reassembled message of " + len + " bytes: " + e));
        } finally {
            t.setContextClassLoader(before);
        }
    }

    /** Errors the JVM cannot recover from pass; a huge array a bad length asked for (OutOfMemoryError) does not. */
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
