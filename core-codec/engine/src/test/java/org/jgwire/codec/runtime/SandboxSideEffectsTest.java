package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.InvocationTargetException;
import java.net.DatagramSocket;
import java.net.URL;
import org.jgroups.protocols.AuthHeader;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The real 5.5.7 classes, as the version class loader defines them, asked to create a thread, a socket and a file:
 * refused during a decode, with a record of what and where, and done as always outside one.
 */
class SandboxSideEffectsTest {
    private VersionClassLoader loader;

    @BeforeEach
    void load() {
        URL jar = AuthHeader.class.getProtectionDomain().getCodeSource().getLocation();
        loader = new VersionClassLoader(
                "side-effects-test", new URL[] {jar}, getClass().getClassLoader());
    }

    @AfterEach
    void close() throws Exception {
        loader.close();
    }

    private Object newThread() throws Throwable {
        Class<?> factory = Class.forName("org.jgroups.util.DefaultThreadFactory", true, loader);
        Object f = factory.getConstructor(String.class, boolean.class).newInstance("sandbox-test", true);
        return call(factory.getMethod("newThread", Runnable.class), f, (Runnable) () -> {});
    }

    private Object newDatagramSocket() throws Throwable {
        Class<?> factory = Class.forName("org.jgroups.util.DefaultSocketFactory", true, loader);
        Object f = factory.getConstructor().newInstance();
        return call(factory.getMethod("createDatagramSocket", String.class, int.class), f, "sandbox-test", 0);
    }

    private Object readFile() throws Throwable {
        Class<?> util = Class.forName("org.jgroups.util.Util", true, loader);
        return call(util.getMethod("readFile", String.class), null, "/proc/self/status");
    }

    private static Object call(java.lang.reflect.Method m, Object target, Object... args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private interface Creation {
        Object run() throws Throwable;
    }

    private static void assertRefusedDuringADecode(Creation creation, String what, String where) {
        int outer = SandboxGuard.begin(100);
        try {
            assertThrows(SandboxGuard.Refusal.class, creation::run);
            SandboxGuard.Refused refused = SandboxGuard.refused();
            assertEquals(ProblemKind.LIMIT, refused.kind());
            assertEquals("refused to create " + what + " while reading with " + where, refused.what());
        } finally {
            SandboxGuard.end(outer);
        }
    }

    @Test
    void aThreadIsRefusedDuringADecodeOnly() throws Throwable {
        assertRefusedDuringADecode(this::newThread, "a thread", "org.jgroups.util.DefaultThreadFactory.newThread");
        assertInstanceOf(Thread.class, newThread());
    }

    @Test
    void aSocketIsRefusedDuringADecodeOnly() throws Throwable {
        assertRefusedDuringADecode(
                this::newDatagramSocket, "a socket", "org.jgroups.util.DefaultSocketFactory.createDatagramSocket");
        try (DatagramSocket s = (DatagramSocket) newDatagramSocket()) {
            assertEquals(false, s.isClosed());
        }
    }

    @Test
    void aFileIsRefusedDuringADecodeOnly() throws Throwable {
        assertRefusedDuringADecode(this::readFile, "a file", "org.jgroups.util.Util.readFile");
        assertInstanceOf(String.class, readFile());
        assertNull(SandboxGuard.refused());
    }
}
