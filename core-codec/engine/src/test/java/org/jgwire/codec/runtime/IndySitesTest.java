package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.StringConcatFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jgroups.Address;
import org.jgroups.protocols.AuthHeader;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Lambdas and string concatenations linked ahead by the rewriter give what the JDK's linking gives: the same text
 * for every kind of value, the same constant instance making the same objects; a call site it cannot make stays.
 */
class IndySitesTest {
    private static final String HOST = "org/jgroups/jgwiretest/Host";
    private static final Handle CONCAT = new Handle(
            Opcodes.H_INVOKESTATIC,
            Type.getInternalName(StringConcatFactory.class),
            "makeConcatWithConstants",
            MethodType.methodType(
                            CallSite.class,
                            MethodHandles.Lookup.class,
                            String.class,
                            MethodType.class,
                            String.class,
                            Object[].class)
                    .toMethodDescriptorString(),
            false);
    private static final Handle METAFACTORY = new Handle(
            Opcodes.H_INVOKESTATIC,
            Type.getInternalName(LambdaMetafactory.class),
            "metafactory",
            MethodType.methodType(
                            CallSite.class,
                            MethodHandles.Lookup.class,
                            String.class,
                            MethodType.class,
                            MethodType.class,
                            java.lang.invoke.MethodHandle.class,
                            MethodType.class)
                    .toMethodDescriptorString(),
            false);
    private static final String MIXED = "(ZCBSIJFD[CLjava/lang/Object;Ljava/lang/String;)Ljava/lang/String;";

    /** Defines a class from bytes, and asks the rewriter for the lambda classes its rewritten form names. */
    private static final class Loader extends ClassLoader {
        private final byte[] original;
        private final boolean rewritten;

        Loader(byte[] original, boolean rewritten) {
            super(IndySitesTest.class.getClassLoader());
            this.original = original;
            this.rewritten = rewritten;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b;
            if (name.equals(HOST.replace('/', '.'))) b = rewritten ? SandboxRewriter.rewrite(original) : original;
            else if (rewritten && name.startsWith(HOST.replace('/', '.') + IndySites.LAMBDA))
                b = IndySites.lambdaClassOf(original, Integer.parseInt(name.substring(name.lastIndexOf('$') + 1)));
            else throw new ClassNotFoundException(name);
            return defineClass(name, b, 0, b.length);
        }
    }

    private static Object call(byte[] host, boolean rewritten, String method, Object... args) throws Exception {
        Class<?> c = Class.forName(HOST.replace('/', '.'), true, new Loader(host, rewritten));
        for (Method m : c.getDeclaredMethods()) if (m.getName().equals(method)) return m.invoke(null, args);
        throw new AssertionError("no method " + method);
    }

    /** A class whose static {@code f} concatenates its arguments after {@code recipe}. */
    private static byte[] concatenating(String descriptor, String recipe, Object... constants) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, HOST, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "f", descriptor, null, null);
        m.visitCode();
        int slot = 0;
        for (Type t : Type.getArgumentTypes(descriptor)) {
            m.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
            slot += t.getSize();
        }
        Object[] bsmArgs = new Object[constants.length + 1];
        bsmArgs[0] = recipe;
        System.arraycopy(constants, 0, bsmArgs, 1, constants.length);
        m.visitInvokeDynamicInsn("makeConcatWithConstants", descriptor, CONCAT, bsmArgs);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aConcatenationWritesEveryKindOfValueAsTheJdkDoes() throws Exception {
        Object[][] cases = {
            {
                true,
                'x',
                (byte) -7,
                (short) 300,
                Integer.MIN_VALUE,
                Long.MAX_VALUE,
                1.5f,
                -0.0,
                new char[] {'a'},
                null,
                null
            },
            {false, '\u00e9', (byte) 0, (short) -1, 42, -1L, Float.NaN, 1e300, null, List.of(1, 2), "text"},
        };
        for (Object[] args : cases) {
            String jdk = (String) call(concatenating(MIXED, recipe(), "K", 7L), false, "f", args);
            String ours = (String) call(concatenating(MIXED, recipe(), "K", 7L), true, "f", args);
            if (args[8] != null) { // a char[] prints as an object: its identity differs between the two calls
                jdk = jdk.replaceAll("\\[C@\\p{XDigit}+", "[C@");
                ours = ours.replaceAll("\\[C@\\p{XDigit}+", "[C@");
            }
            assertEquals(jdk, ours);
        }
    }

    private static String recipe() {
        return "z=\u0001 c=\u0001 b=\u0001 s=\u0001 i=\u0001 j=\u0001 f=\u0001 d=\u0001 chars=\u0001 o=\u0001"
                + " str=\u0001 k=\u0002 n=\u0002 end";
    }

    @Test
    void aConcatenationIsACallToAMethodOfTheClassOnceRewritten() throws Exception {
        byte[] rewritten = SandboxRewriter.rewrite(concatenating("(I)Ljava/lang/String;", "n=\u0001"));
        List<String> methods = new ArrayList<>(), calls = new ArrayList<>();
        new ClassReader(rewritten)
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public MethodVisitor visitMethod(int a, String name, String d, String s, String[] e) {
                                methods.add(name);
                                return new MethodVisitor(Opcodes.ASM9) {
                                    @Override
                                    public void visitInvokeDynamicInsn(String n, String d, Handle b, Object... x) {
                                        calls.add(n);
                                    }
                                };
                            }
                        },
                        0);
        assertEquals(List.of("f", "jgwire$concat$0"), methods);
        assertEquals(List.of(), calls, "call sites left");
        assertEquals("n=5", call(concatenating("(I)Ljava/lang/String;", "n=\u0001"), true, "f", 5));
    }

    /**
     * A class with {@code make()} returning {@code Host::new} as a Supplier, {@code twice()} returning
     * {@code Host::twice} (a static method taking a String) as a Function, and {@code hidden()} a Supplier of a
     * private static method.
     */
    private static byte[] withLambdas() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, HOST, null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor twice =
                cw.visitMethod(Opcodes.ACC_STATIC, "twice", "(Ljava/lang/String;)Ljava/lang/String;", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ALOAD, 0);
        twice.visitVarInsn(Opcodes.ALOAD, 0);
        twice.visitMethodInsn(
                Opcodes.INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
        twice.visitInsn(Opcodes.ARETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();
        MethodVisitor secret =
                cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "secret", "()Ljava/lang/Object;", null, null);
        secret.visitCode();
        secret.visitLdcInsn("secret");
        secret.visitInsn(Opcodes.ARETURN);
        secret.visitMaxs(0, 0);
        secret.visitEnd();
        lambda(
                cw,
                "make",
                "Ljava/util/function/Supplier;",
                "get",
                "()Ljava/lang/Object;",
                Opcodes.H_NEWINVOKESPECIAL,
                "<init>",
                "()V",
                "()L" + HOST + ";");
        lambda(
                cw,
                "twice",
                "Ljava/util/function/Function;",
                "apply",
                "(Ljava/lang/Object;)Ljava/lang/Object;",
                Opcodes.H_INVOKESTATIC,
                "twice",
                "(Ljava/lang/String;)Ljava/lang/String;",
                "(Ljava/lang/String;)Ljava/lang/String;");
        lambda(
                cw,
                "hidden",
                "Ljava/util/function/Supplier;",
                "get",
                "()Ljava/lang/Object;",
                Opcodes.H_INVOKESTATIC,
                "secret",
                "()Ljava/lang/Object;",
                "()Ljava/lang/Object;");
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void lambda(
            ClassWriter cw,
            String method,
            String itf,
            String sam,
            String samDesc,
            int tag,
            String impl,
            String implDesc,
            String instantiated) {
        MethodVisitor m = cw.visitMethod(
                Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC,
                method.equals("twice") ? "function" : method,
                "()" + itf,
                null,
                null);
        m.visitCode();
        m.visitInvokeDynamicInsn(
                sam,
                "()" + itf,
                METAFACTORY,
                Type.getMethodType(samDesc),
                new Handle(tag, HOST, impl, implDesc, false),
                Type.getMethodType(instantiated));
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    @Test
    void aLambdaOfTheClassIsAConstantOfAClassOfItsOwn() throws Exception {
        byte[] host = withLambdas();
        Class<?> c = Class.forName(HOST.replace('/', '.'), true, new Loader(host, true));
        Supplier<?> make = (Supplier<?>) c.getMethod("make").invoke(null);
        assertSame(make, c.getMethod("make").invoke(null), "a lambda that captures nothing is a constant");
        assertEquals(
                HOST.replace('/', '.') + IndySites.LAMBDA + "0", make.getClass().getName());
        Object made = make.get();
        assertSame(c, made.getClass());
        assertNotEquals(made, make.get(), "a new object each time");
        @SuppressWarnings("unchecked")
        Function<Object, Object> twice =
                (Function<Object, Object>) c.getMethod("function").invoke(null);
        assertEquals(
                HOST.replace('/', '.') + IndySites.LAMBDA + "1",
                twice.getClass().getName());
        assertEquals("abab", twice.apply("ab"));
        assertThrows(ClassCastException.class, () -> twice.apply(42), "the argument is checked as the JDK's is");
        // a private method: left to the JDK
        Supplier<?> hidden = (Supplier<?>) c.getMethod("hidden").invoke(null);
        assertEquals("secret", hidden.get());
        assertTrue(
                !hidden.getClass().getName().contains(IndySites.LAMBDA),
                hidden.getClass().getName());
        assertThrows(IllegalArgumentException.class, () -> IndySites.lambdaClassOf(host, 2));
    }

    /** The real jar's code, as the version loader defines it: a header's supplier, a UUID's text. */
    @Test
    void theRealJarsHeaderSuppliersAndTextsAreThoseOfTheJar() throws Exception {
        URL jar = AuthHeader.class.getProtectionDomain().getCodeSource().getLocation();
        try (VersionClassLoader loader =
                new VersionClassLoader("indy-test", new URL[] {jar}, getClass().getClassLoader())) {
            Class<?> gms = Class.forName("org.jgroups.protocols.pbcast.GMS$GmsHeader", true, loader);
            Object header = gms.getDeclaredConstructor().newInstance();
            Supplier<?> create = (Supplier<?>) gms.getMethod("create").invoke(header);
            assertTrue(
                    create.getClass().getName().contains(IndySites.LAMBDA),
                    create.getClass().getName());
            assertSame(gms, create.get().getClass());
            assertSame(loader, create.getClass().getClassLoader());

            UUID original = new UUID(0x0123456789abcdefL, 0xfedcba9876543210L);
            Class<?> uuid = Class.forName("org.jgroups.util.UUID", true, loader);
            Object sandboxed =
                    uuid.getConstructor(long.class, long.class).newInstance(0x0123456789abcdefL, 0xfedcba9876543210L);
            assertEquals(original.toStringLong(), uuid.getMethod("toStringLong").invoke(sandboxed));
            assertTrue(Address.class.isInstance(original)); // the test class path's own, unrewritten
            Class<?> version = Class.forName("org.jgroups.Version", true, loader);
            assertEquals(
                    org.jgroups.Version.printDescription(),
                    version.getMethod("printDescription").invoke(null));
        }
    }
}
