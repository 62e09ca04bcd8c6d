package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.file.Path;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** A protocol jar's classes are sandboxed like JGroups' own, whatever their package. */
class ProtocolJarSandboxTest {
    @Test
    void aClassOfAProtocolJarOutsideOrgJgroupsIsRewrittenToo(@TempDir Path dir) throws Throwable {
        Path jar = ProtocolJarTest.jar(dir.resolve("third-party-1.0.jar"), "com/example/Grabber.class", grabber());
        try (VersionClassLoader loader = new VersionClassLoader(
                "protocol-jar-test", new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> c = Class.forName("com.example.Grabber", true, loader);
            assertSame(loader, c.getClassLoader());
            Method grab = c.getMethod("grab", int.class);
            assertEquals(1 << 20, ((byte[]) grab.invoke(null, 1 << 20)).length, "outside a decode: allowed");
            int outer = SandboxGuard.begin(64);
            try {
                InvocationTargetException e =
                        assertThrows(InvocationTargetException.class, () -> grab.invoke(null, 1 << 20));
                assertEquals(
                        SandboxGuard.Refusal.class,
                        e.getCause().getClass(),
                        e.getCause().toString());
                SandboxGuard.Refused refused = SandboxGuard.refused();
                assertNotNull(refused);
                assertEquals(ProblemKind.LIMIT, refused.kind());
            } finally {
                SandboxGuard.end(outer);
            }
        }
    }

    /** {@code public static byte[] grab(int n) { return new byte[n]; }} */
    private static byte[] grabber() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, "com/example/Grabber", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "grab", "(I)[B", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_BYTE);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
