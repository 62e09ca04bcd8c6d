package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jgroups.auth.RegexMembership;
import org.jgroups.protocols.AuthHeader;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.SeqnoList;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/**
 * The real 5.5.7 classes, as the version class loader defines them, read bodies the real classes wrote (on the
 * test class path) and then mutated: what the sandbox refuses never happens, and only during a decode.
 */
class VersionClassLoaderSandboxTest {
    private VersionClassLoader loader;

    @BeforeEach
    void load() {
        URL jar = AuthHeader.class.getProtectionDomain().getCodeSource().getLocation();
        loader = new VersionClassLoader(
                "sandbox-test", new URL[] {jar}, getClass().getClassLoader());
    }

    @AfterEach
    void close() throws Exception {
        loader.close();
    }

    /** {@code readFrom(in)} of a new {@code className} of the sandboxed jar, over {@code body}. */
    private Object read(String className, byte[] body) throws Throwable {
        Class<?> c = Class.forName(className, true, loader);
        assertTrue(c.getClassLoader() == loader, className + " must come from the sandboxed jar");
        Object o = c.getDeclaredConstructor().newInstance();
        Object in = Class.forName("org.jgroups.util.ByteArrayDataInputStream", true, loader)
                .getConstructor(byte[].class)
                .newInstance((Object) body);
        try {
            c.getMethod("readFrom", DataInput.class).invoke(o, in);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        return o;
    }

    /** An AuthHeader as 5.5.7 writes it, with the token's class name (RegexMembership has no magic id) replaced. */
    private static byte[] authHeaderNaming(String className) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(128);
        new AuthHeader(new RegexMembership()).writeTo(out);
        byte[] written = Arrays.copyOf(out.buffer(), out.position());
        byte[] original = RegexMembership.class.getName().getBytes(StandardCharsets.UTF_8);
        int at = indexOf(written, original);
        assertTrue(at >= 2, "the token's class name is written by name");
        ByteArrayOutputStream mutated = new ByteArrayOutputStream();
        mutated.write(written, 0, at - 2); // up to its writeUTF length
        new DataOutputStream(mutated).writeUTF(className);
        mutated.write(written, at + original.length, written.length - at - original.length);
        return mutated.toByteArray();
    }

    private static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++)
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) return i;
        return -1;
    }

    @Test
    void authHeaderNamingAJdkClassIsRefusedBeforeTheClassIsLoaded() throws Throwable {
        byte[] body = authHeaderNaming("java.util.logging.FileHandler");
        int outer = SandboxGuard.begin(body.length);
        try {
            assertThrows(Exception.class, () -> read("org.jgroups.protocols.AuthHeader", body));
            SandboxGuard.Refused refused = SandboxGuard.refused();
            assertNotNull(refused);
            assertEquals(ProblemKind.UNKNOWN_CLASS, refused.kind());
            assertTrue(
                    refused.what()
                            .startsWith("refused to load class java.util.logging.FileHandler named by the frame while"
                                    + " reading with org.jgroups.protocols.AuthHeader.readFrom"),
                    refused.what());
        } finally {
            SandboxGuard.end(outer);
        }
        assertFalse(loader.hasLoaded("java.util.logging.FileHandler"));

        // the check above can see a JDK class resolved through the loader
        Class.forName("java.util.logging.FileHandler", false, loader);
        assertTrue(loader.hasLoaded("java.util.logging.FileHandler"));
    }

    /** Whether the JVM has not initialised {@code c} yet (the JDK has no other way to ask). */
    static boolean notInitialised(Class<?> c) throws ReflectiveOperationException {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return ((Unsafe) f.get(null)).shouldBeInitialized(c);
    }

    @Test
    void authHeaderNamingAJGroupsClassThatIsNoTokenIsRefusedBeforeItIsInitialised() throws Throwable {
        byte[] body = authHeaderNaming("org.jgroups.JChannel");
        int outer = SandboxGuard.begin(body.length);
        try {
            assertThrows(Exception.class, () -> read("org.jgroups.protocols.AuthHeader", body));
            SandboxGuard.Refused refused = SandboxGuard.refused();
            assertNotNull(refused);
            assertEquals(ProblemKind.UNKNOWN_CLASS, refused.kind());
            assertEquals(
                    "refused to instantiate class org.jgroups.JChannel named by the frame:"
                            + " not a org.jgroups.auth.AuthToken"
                            + " while reading with org.jgroups.protocols.AuthHeader.readFrom",
                    refused.what());
        } finally {
            SandboxGuard.end(outer);
        }
        assertTrue(loader.hasLoaded("org.jgroups.JChannel")); // loaded to be checked, and no further
        assertTrue(notInitialised(Class.forName("org.jgroups.JChannel", false, loader)));
    }

    @Test
    void authHeaderNamingAJGroupsTokenStillReadsIt() throws Throwable {
        byte[] body = authHeaderNaming("org.jgroups.auth.RegexMembership");
        int outer = SandboxGuard.begin(body.length);
        try {
            Object header = read("org.jgroups.protocols.AuthHeader", body);
            assertTrue(header.toString().contains("RegexMembership"), header.toString());
            assertNull(SandboxGuard.refused());
        } finally {
            SandboxGuard.end(outer);
        }
        assertFalse(notInitialised(Class.forName("org.jgroups.auth.RegexMembership", false, loader)));
    }

    @Test
    void seqnoListClaimingMoreThanTheFrameHoldsIsRefusedDuringADecodeOnly() throws Throwable {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(64);
        new SeqnoList(100, 1000).writeTo(out); // size(i32) offset(i64) words
        byte[] body = Arrays.copyOf(out.buffer(), out.position());
        body[0] = 0x7f; // size 0x7f000064 bits: 33 M longs (266 MB)
        body[1] = 0;

        int outer = SandboxGuard.begin(body.length);
        try {
            assertThrows(SandboxGuard.Refusal.class, () -> read("org.jgroups.util.SeqnoList", body));
            assertEquals(
                    "refused an array of 33292290 elements (frame holds " + body.length + ") while reading with"
                            + " org.jgroups.util.SeqnoList.readFrom",
                    SandboxGuard.refused().what());
            assertEquals(ProblemKind.LIMIT, SandboxGuard.refused().kind());
        } finally {
            SandboxGuard.end(outer);
        }

        body[0] = 0; // 8 M bits, 128 K longs: more than the frame holds, and fine outside a decode
        body[1] = (byte) 0x80;
        assertThrows(IOException.class, () -> read("org.jgroups.util.SeqnoList", body)); // past the words there are
        assertNull(SandboxGuard.refused());
    }
}
