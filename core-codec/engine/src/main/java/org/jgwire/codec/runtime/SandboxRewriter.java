package org.jgwire.codec.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.TypePath;

/**
 * Rewrites a JGroups class as the version class loader defines it, so that its code asks {@link SandboxGuard}
 * first: before every array allocation ({@code NEWARRAY}, {@code ANEWARRAY}, {@code MULTIANEWARRAY}, and the JDK
 * calls that allocate a count at once), every class resolution by name ({@code Class.forName},
 * {@code ClassLoader.loadClass}), every reflective instantiation ({@code Class.newInstance},
 * {@code Constructor.newInstance}, with the type the next instruction casts the instance to), every
 * {@code ObjectInputStream} it creates, and every JDK call that creates a thread, socket, file or process
 * ({@link ResourceCalls}). Matching instructions rather than JGroups methods covers every release, written or not.
 *
 * <p>Lambdas that capture nothing and string concatenations are linked ahead ({@link IndySites}).
 *
 * <p>The stack and the locals are left as they were at every branch target, so the class's stack map frames stay
 * valid; the maximum stack grows by what the inserted instructions push at most.
 *
 * <p>One method visitor sees every instruction: a held-back {@code newInstance} must be emitted before whichever
 * comes next.
 */
final class SandboxRewriter {
    private static final String GUARD = Type.getInternalName(SandboxGuard.class);
    private static final String CLASS = "java/lang/Class";
    private static final String CONSTRUCTOR = "java/lang/reflect/Constructor";
    private static final Set<String> LOADERS =
            Set.of("java/lang/ClassLoader", "java/security/SecureClassLoader", "java/net/URLClassLoader");
    /** JDK classes whose {@code <init>(int)} allocates that many elements. */
    private static final Set<String> SIZED_COLLECTIONS = Set.of(
            "java/util/ArrayList",
            "java/util/ArrayDeque",
            "java/util/Vector",
            "java/util/HashMap",
            "java/util/HashSet",
            "java/util/LinkedHashMap",
            "java/util/LinkedHashSet",
            "java/util/concurrent/ConcurrentHashMap",
            "java/lang/StringBuilder");

    private SandboxRewriter() {}

    /** The class, rewritten. */
    static byte[] rewrite(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0); // computing the maxima would double the time
        Host host = new Host(
                reader.getClassName(),
                (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0,
                IndySites.privateMethods(reader));
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                        return new Guarded(mv, host);
                    }

                    @Override
                    public void visitEnd() {
                        for (IndySites.Concat c : host.concats) IndySites.addConcat(cv, c);
                        super.visitEnd();
                    }
                },
                0);
        return writer.toByteArray();
    }

    /** What the methods of one class share while it is rewritten: its lambdas' numbers, its concatenations. */
    private static final class Host {
        final String name;
        final boolean isInterface;
        final Set<String> privateMethods;
        final List<IndySites.Concat> concats = new ArrayList<>();
        int lambdas;

        Host(String name, boolean isInterface, Set<String> privateMethods) {
            this.name = name;
            this.isInterface = isInterface;
            this.privateMethods = privateMethods;
        }
    }

    private static final class Guarded extends MethodVisitor {
        /** Stack slots the inserted instructions need on top of the method's own. */
        private int extraStack;
        /**
         * Whether the last instruction pushed a constant no larger than {@link SandboxGuard#SLACK}: an array of that
         * size ({@code new byte[16]} for a UUID) needs no guard, which keeps hot methods small enough to inline.
         */
        private boolean smallConstant;

        private final Host host;

        /**
         * A {@code newInstance} call held back until the next instruction is seen: a {@code CHECKCAST} there is the
         * type the code expects the instance to be, which the guard is told before the call ({@link #instantiation}).
         */
        private Call pending;

        private record Call(int opcode, String owner, String name, String descriptor, boolean itf) {}

        Guarded(MethodVisitor mv, Host host) {
            super(Opcodes.ASM9, mv);
            this.host = host;
        }

        private void needs(int slots) {
            extraStack = Math.max(extraStack, slots);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            flush();
            super.visitMaxs(maxStack + extraStack, maxLocals);
        }

        // --- reflective instantiation, held back until the cast that follows it ---

        /** Emits the held-back {@code newInstance} with its guard; {@code expected}: the cast after it, or null. */
        private void instantiation(String expected) {
            Call c = pending;
            if (c == null) return;
            pending = null;
            boolean constructor = c.owner().equals(CONSTRUCTOR);
            needs(2);
            if (constructor) {
                super.visitInsn(Opcodes.SWAP); // constructor, args -> args, constructor
                super.visitInsn(Opcodes.DUP_X1);
            } else {
                super.visitInsn(Opcodes.DUP);
            }
            if (expected == null) super.visitInsn(Opcodes.ACONST_NULL);
            else super.visitLdcInsn(Type.getObjectType(expected));
            if (constructor) guard("constructing", "(Ljava/lang/reflect/Constructor;Ljava/lang/Class;)V");
            else guard("instantiating", "(Ljava/lang/Class;Ljava/lang/Class;)V");
            super.visitMethodInsn(c.opcode(), c.owner(), c.name(), c.descriptor(), c.itf());
        }

        /** Before anything but a {@code CHECKCAST}: a held-back {@code newInstance} expects no particular type. */
        private void flush() {
            if (pending != null) instantiation(null);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            flush();
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            flush();
            super.visitLineNumber(line, start);
        }

        @Override
        public AnnotationVisitor visitInsnAnnotation(
                int typeRef, TypePath typePath, String descriptor, boolean visible) {
            flush(); // an annotation of the newInstance instruction follows it
            return super.visitInsnAnnotation(typeRef, typePath, descriptor, visible);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            flush();
            super.visitTryCatchBlock(start, end, handler, type);
        }

        @Override
        public void visitLocalVariable(
                String name, String descriptor, String signature, Label start, Label end, int index) {
            flush();
            super.visitLocalVariable(name, descriptor, signature, start, end, index);
        }

        @Override
        public void visitEnd() {
            flush();
            super.visitEnd();
        }

        private void guard(String method, String descriptor) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, method, descriptor, false);
        }

        @Override
        public void visitInsn(int opcode) {
            flush();
            super.visitInsn(opcode);
            smallConstant = opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5;
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            flush();
            if (opcode == Opcodes.NEWARRAY && !smallConstant)
                guard(operand == Opcodes.T_BYTE || operand == Opcodes.T_BOOLEAN ? "bytes" : "elements", "(I)I");
            super.visitIntInsn(opcode, operand);
            smallConstant = (opcode == Opcodes.BIPUSH || opcode == Opcodes.SIPUSH) && operand <= SandboxGuard.SLACK;
        }

        @Override
        public void visitLdcInsn(Object value) {
            flush();
            super.visitLdcInsn(value);
            smallConstant = value instanceof Integer i && i <= SandboxGuard.SLACK;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (pending != null) instantiation(opcode == Opcodes.CHECKCAST ? type : null);
            if (opcode == Opcodes.ANEWARRAY && !smallConstant) guard("elements", "(I)I");
            super.visitTypeInsn(opcode, type);
            smallConstant = false;
        }

        // --- instructions that end a held-back instantiation or a constant ---

        // every other instruction, and a label (a jump may arrive with another value), ends a constant

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            flush();
            super.visitVarInsn(opcode, varIndex);
            smallConstant = false;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            flush();
            super.visitFieldInsn(opcode, owner, name, descriptor);
            smallConstant = false;
        }

        /** A lambda or a concatenation linked ahead ({@link IndySites}): the stack is the same after it. */
        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            flush();
            if (IndySites.isPlainLambda(host.name, host.privateMethods, descriptor, bootstrap, arguments)) {
                String lambda = host.name + IndySites.LAMBDA + host.lambdas++;
                super.visitFieldInsn(
                        Opcodes.GETSTATIC,
                        lambda,
                        "INSTANCE",
                        Type.getReturnType(descriptor).getDescriptor());
            } else if (IndySites.isConcat(descriptor, bootstrap, arguments)) {
                String method = "jgwire$concat$" + host.concats.size();
                host.concats.add(new IndySites.Concat(method, descriptor, (String) arguments[0], arguments));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, host.name, method, descriptor, host.isInterface);
            } else {
                super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
            }
            smallConstant = false;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            flush();
            super.visitJumpInsn(opcode, label);
            smallConstant = false;
        }

        @Override
        public void visitLabel(Label label) {
            flush();
            super.visitLabel(label);
            smallConstant = false;
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            flush();
            super.visitIincInsn(varIndex, increment);
            smallConstant = false;
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            flush();
            super.visitTableSwitchInsn(min, max, dflt, labels);
            smallConstant = false;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            flush();
            super.visitLookupSwitchInsn(dflt, keys, labels);
            smallConstant = false;
        }

        /**
         * {@code dims} counts on the stack become an {@code int[]} (stored last to first), handed with the array type
         * to {@link SandboxGuard#multiArray}.
         */
        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dims) {
            flush();
            needs(3); // the counts, the int[] and (arr, i, n_i) to store one
            super.visitLdcInsn(dims);
            super.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_INT);
            for (int i = dims - 1; i >= 0; i--) { // ..., n_i, arr
                super.visitInsn(Opcodes.DUP_X1); // ..., arr, n_i, arr
                super.visitInsn(Opcodes.SWAP); // ..., arr, arr, n_i
                super.visitLdcInsn(i);
                super.visitInsn(Opcodes.SWAP); // ..., arr, arr, i, n_i
                super.visitInsn(Opcodes.IASTORE); // ..., arr
            }
            super.visitLdcInsn(Type.getType(descriptor));
            super.visitInsn(Opcodes.SWAP);
            guard("multiArray", "(Ljava/lang/Class;[I)Ljava/lang/Object;");
            super.visitTypeInsn(Opcodes.CHECKCAST, descriptor);
            smallConstant = false;
        }

        // --- method calls: allocation, class resolution and resource creation guarded ---

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
            flush();
            if (owner.equals(CLASS) && name.equals("forName")) {
                if (descriptor.startsWith("(Ljava/lang/String;ZLjava/lang/ClassLoader;)")) {
                    // not caller-sensitive (no security manager): the guard calls it itself
                    guard("forName", descriptor);
                    smallConstant = false;
                    return;
                }
                if (descriptor.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
                    // caller-sensitive: the guard is told the caller, and loads from its loader
                    needs(1);
                    super.visitLdcInsn(Type.getObjectType(host.name));
                    guard("forName", "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;");
                    smallConstant = false;
                    return;
                }
                // forName(Module, String), which never initialises: the name is on top
                needs(1);
                super.visitInsn(Opcodes.DUP);
                guard("className", "(Ljava/lang/String;)V");
            } else if (LOADERS.contains(owner) && name.equals("loadClass")) {
                needs(1);
                if (descriptor.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
                    super.visitInsn(Opcodes.DUP);
                    guard("className", "(Ljava/lang/String;)V");
                } else { // loadClass(name, resolve): name under the boolean
                    super.visitInsn(Opcodes.SWAP);
                    super.visitInsn(Opcodes.DUP_X1);
                    guard("className", "(Ljava/lang/String;)V");
                }
            } else if (owner.equals(CLASS) && name.equals("newInstance")
                    || owner.equals(CONSTRUCTOR) && name.equals("newInstance")) {
                pending = new Call(opcode, owner, name, descriptor, itf); // emitted with the next instruction
                smallConstant = false;
                return;
            } else if (opcode == Opcodes.INVOKESPECIAL
                    && name.equals("<init>")
                    && owner.equals("java/io/ObjectInputStream")) {
                guard("deserializing", "()V"); // super() of a subclass too
            } else if (allocatesCount(opcode, owner, name, descriptor)) {
                guard("elements", "(I)I");
            } else {
                String created = ResourceCalls.created(opcode, owner, name, descriptor);
                if (created != null) {
                    needs(1);
                    super.visitLdcInsn(created);
                    guard("creating", "(Ljava/lang/String;)V");
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, itf);
            smallConstant = false;
        }

        /** A JDK call whose last argument, an int, is how many elements it allocates. */
        private static boolean allocatesCount(int opcode, String owner, String name, String descriptor) {
            boolean allocates =
                    switch (owner) {
                        case "java/lang/reflect/Array" -> name.equals("newInstance");
                        case "java/nio/ByteBuffer" -> name.startsWith("allocate");
                        case "java/util/Arrays" -> name.equals("copyOf");
                        default -> opcode == Opcodes.INVOKESPECIAL
                                && name.equals("<init>")
                                && SIZED_COLLECTIONS.contains(owner);
                    };
            if (!allocates) return false;
            Type[] args = Type.getArgumentTypes(descriptor);
            return args.length > 0 && args[args.length - 1].getSort() == Type.INT;
        }
    }
}
