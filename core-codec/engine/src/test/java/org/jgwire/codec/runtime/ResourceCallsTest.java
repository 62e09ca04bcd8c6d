package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

class ResourceCallsTest {
    private static String constructed(String owner, String descriptor) {
        return ResourceCalls.created(Opcodes.INVOKESPECIAL, owner, "<init>", descriptor);
    }

    @Test
    void namesWhatAConstructorCreates() {
        assertEquals("a thread", constructed("java/lang/Thread", "(Ljava/lang/Runnable;)V"));
        assertEquals("a socket", constructed("java/net/DatagramSocket", "(I)V"));
        assertEquals("a file", constructed("java/io/FileOutputStream", "(Ljava/lang/String;)V"));
        assertEquals("a file", constructed("java/io/PrintWriter", "(Ljava/lang/String;)V"));
        assertNull(constructed("java/io/PrintWriter", "(Ljava/io/Writer;)V"));
        assertNull(constructed("java/util/Scanner", "(Ljava/lang/String;)V")); // scans the text itself
        assertNull(constructed("java/util/ArrayList", "()V"));
    }

    @Test
    void namesWhatACallCreates() {
        assertEquals("a thread", ResourceCalls.created(Opcodes.INVOKEVIRTUAL, "java/lang/Thread", "start", "()V"));
        assertNull(
                ResourceCalls.created(Opcodes.INVOKEVIRTUAL, "java/lang/Thread", "setName", "(Ljava/lang/String;)V"));
        assertEquals(
                "a socket",
                ResourceCalls.created(
                        Opcodes.INVOKESTATIC,
                        "java/nio/channels/DatagramChannel",
                        "open",
                        "()Ljava/nio/channels/DatagramChannel;"));
        assertEquals(
                "a process",
                ResourceCalls.created(
                        Opcodes.INVOKEVIRTUAL, "java/lang/Runtime", "exec", "(Ljava/lang/String;)Ljava/lang/Process;"));
        assertEquals(
                "a file",
                ResourceCalls.created(
                        Opcodes.INVOKESTATIC,
                        "java/nio/file/Files",
                        "newInputStream",
                        "(Ljava/nio/file/Path;[Ljava/nio/file/OpenOption;)Ljava/io/InputStream;"));
        assertNull(ResourceCalls.created(
                Opcodes.INVOKESTATIC,
                "java/nio/file/Files",
                "exists",
                "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z"));
    }
}
