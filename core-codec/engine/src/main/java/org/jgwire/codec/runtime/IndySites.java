package org.jgwire.codec.runtime;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The {@code invokedynamic} call sites of JGroups code that the rewriter links ahead: a lambda that captures nothing
 * and calls a constructor or static method its class's package may call (every header's {@code create()} is
 * {@code return FooHeader::new}), and string concatenation. Linked by the JDK at run time, each spins classes that
 * the class-data archive cannot keep for a class loader of jgwire's own, and compiling the JDK's class generator
 * that spins them was a third of what a small decode compiled. So a lambda becomes the constant instance of a small
 * class made here ({@code Host$$jgwire$N}, in the host's package, defined by the same loader), and a concatenation a
 * call to a static method added to the host, which appends the parts to a {@code StringBuilder} as
 * {@code String.valueOf} writes them: the text the JDK's concatenation makes. Any other call site is left as it is.
 */
final class IndySites {
    /** What a lambda class's name holds between its host's and its number. */
    static final String LAMBDA = "$$jgwire$";

    private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";
    private static final String CONCAT = "java/lang/invoke/StringConcatFactory";
    private static final String OBJECT = "java/lang/Object";
    private static final String BUILDER = "java/lang/StringBuilder";

    private IndySites() {}

    /**
     * Whether the call site is a lambda this class can make: {@code LambdaMetafactory.metafactory} (no bridges, not
     * serializable), nothing captured, the method behind it a constructor or a static method of the host itself that
     * is not private, and its arguments and result the functional method's, less reference casts.
     */
    static boolean isPlainLambda(
            String host, Set<String> privateMethods, String descriptor, Handle bootstrap, Object[] args) {
        if (!bootstrap.getOwner().equals(METAFACTORY) || !bootstrap.getName().equals("metafactory")) return false;
        if (Type.getArgumentTypes(descriptor).length != 0 || args.length != 3) return false;
        if (!(args[0] instanceof Type sam) || !(args[1] instanceof Handle impl) || !(args[2] instanceof Type))
            return false;
        // the host's own method, whose access is known here: another class's could be private
        if (!impl.getOwner().equals(host) || privateMethods.contains(impl.getName() + impl.getDesc())) return false;
        if (impl.getTag() != Opcodes.H_NEWINVOKESPECIAL && impl.getTag() != Opcodes.H_INVOKESTATIC) return false;
        Type[] samArgs = sam.getArgumentTypes(), implArgs = Type.getArgumentTypes(impl.getDesc());
        if (samArgs.length != implArgs.length) return false;
        for (int i = 0; i < samArgs.length; i++) if (!passes(samArgs[i], implArgs[i])) return false;
        Type implResult = impl.getTag() == Opcodes.H_NEWINVOKESPECIAL
                ? Type.getObjectType(impl.getOwner())
                : Type.getReturnType(impl.getDesc());
        Type samResult = sam.getReturnType();
        return samResult.getSort() == Type.VOID
                ? implResult.getSort() == Type.VOID
                : isReference(samResult) ? isReference(implResult) : samResult.equals(implResult);
    }

    /** A value of the functional method's type {@code from} handed on as {@code to}: the same, or a cast. */
    private static boolean passes(Type from, Type to) {
        return from.equals(to) || isReference(from) && isReference(to);
    }

    private static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    /** The name and descriptor of every private method of the class {@code reader} reads. */
    static Set<String> privateMethods(ClassReader reader) {
        Set<String> found = new HashSet<>();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        if ((access & Opcodes.ACC_PRIVATE) != 0) found.add(name + descriptor);
                        return null;
                    }
                },
                ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found;
    }

    /**
     * The class a lambda of {@code host} (its original class file) stands for: the {@code number}th call site that
     * {@link #isPlainLambda} accepts, as {@link SandboxRewriter#rewrite} numbered it.
     *
     * @throws IllegalArgumentException when the class has no such call site
     */
    static byte[] lambdaClassOf(byte[] host, int number) {
        List<Object[]> sites = plainLambdas(host);
        if (number < 0 || number >= sites.size())
            throw new IllegalArgumentException("no lambda " + number + " (" + sites.size() + " in the class)");
        Object[] site = sites.get(number);
        String name = new ClassReader(host).getClassName() + LAMBDA + number;
        return lambdaClass(name, (String) site[0], (String) site[1], (Object[]) site[2]);
    }

    /** The class that stands for the lambda at a call site; its {@code INSTANCE} is the constant the site pushes. */
    static byte[] lambdaClass(String name, String method, String descriptor, Object[] args) {
        Type sam = (Type) args[0];
        Handle impl = (Handle) args[1];
        Type instantiated = (Type) args[2];
        String itf = Type.getReturnType(descriptor).getInternalName();
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(
                Opcodes.V1_8,
                Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC,
                name,
                null,
                OBJECT,
                new String[] {itf});
        String field = "L" + itf + ";";
        cw.visitField(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "INSTANCE", field, null, null)
                .visitEnd();
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PRIVATE, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor clinit = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        clinit.visitTypeInsn(Opcodes.NEW, name);
        clinit.visitInsn(Opcodes.DUP);
        clinit.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", "()V", false);
        clinit.visitFieldInsn(Opcodes.PUTSTATIC, name, "INSTANCE", field);
        clinit.visitInsn(Opcodes.RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC, method, sam.getDescriptor(), null, null);
        m.visitCode();
        boolean constructs = impl.getTag() == Opcodes.H_NEWINVOKESPECIAL;
        if (constructs) {
            m.visitTypeInsn(Opcodes.NEW, impl.getOwner());
            m.visitInsn(Opcodes.DUP);
        }
        Type[] samArgs = sam.getArgumentTypes(), implArgs = Type.getArgumentTypes(impl.getDesc());
        Type[] wanted = instantiated.getArgumentTypes();
        int slot = 1;
        for (int i = 0; i < samArgs.length; i++) {
            m.visitVarInsn(samArgs[i].getOpcode(Opcodes.ILOAD), slot);
            slot += samArgs[i].getSize();
            if (samArgs[i].equals(implArgs[i])) continue;
            // a reference: checked against the instantiated type, as the JDK's lambdas do, then the method's own
            if (!wanted[i].equals(samArgs[i])) m.visitTypeInsn(Opcodes.CHECKCAST, wanted[i].getInternalName());
            if (!wanted[i].equals(implArgs[i])) m.visitTypeInsn(Opcodes.CHECKCAST, implArgs[i].getInternalName());
        }
        m.visitMethodInsn(
                constructs ? Opcodes.INVOKESPECIAL : Opcodes.INVOKESTATIC,
                impl.getOwner(),
                impl.getName(),
                impl.getDesc(),
                impl.isInterface());
        Type result = sam.getReturnType();
        Type made = constructs ? Type.getObjectType(impl.getOwner()) : Type.getReturnType(impl.getDesc());
        if (isReference(result) && !result.equals(made)) m.visitTypeInsn(Opcodes.CHECKCAST, result.getInternalName());
        m.visitInsn(result.getOpcode(Opcodes.IRETURN));
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Whether the call site is a {@code makeConcatWithConstants} whose recipe this class can follow. */
    static boolean isConcat(String descriptor, Handle bootstrap, Object[] args) {
        if (!bootstrap.getOwner().equals(CONCAT) || !bootstrap.getName().equals("makeConcatWithConstants"))
            return false;
        if (args.length < 1 || !(args[0] instanceof String recipe)) return false;
        for (int i = 1; i < args.length; i++) // a class or method handle constant would print otherwise
        if (!(args[i] instanceof String || args[i] instanceof Number)) return false;
        long values = recipe.chars().filter(c -> c == '\u0001').count();
        long constants = recipe.chars().filter(c -> c == '\u0002').count();
        return values == Type.getArgumentTypes(descriptor).length && constants == args.length - 1;
    }

    /** A concatenation to add to its host as a static method. */
    record Concat(String method, String descriptor, String recipe, Object[] constants) {}

    /** Adds the method that makes {@code c}'s text from its arguments, in the order of its recipe. */
    static void addConcat(ClassVisitor cv, Concat c) {
        MethodVisitor m = cv.visitMethod(
                Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                c.method(),
                c.descriptor(),
                null,
                null);
        m.visitCode();
        m.visitTypeInsn(Opcodes.NEW, BUILDER);
        m.visitInsn(Opcodes.DUP);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, BUILDER, "<init>", "()V", false);
        Type[] args = Type.getArgumentTypes(c.descriptor());
        int arg = 0, slot = 0, constant = 1;
        StringBuilder literal = new StringBuilder();
        String recipe = c.recipe();
        for (int i = 0; i < recipe.length(); i++) {
            char ch = recipe.charAt(i);
            if (ch != '\u0001' && ch != '\u0002') {
                literal.append(ch);
                continue;
            }
            if (ch == '\u0002') {
                literal.append(c.constants()[constant++]);
                continue;
            }
            appendLiteral(m, literal);
            Type t = args[arg++];
            m.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
            slot += t.getSize();
            m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "append", appendDescriptor(t), false);
        }
        appendLiteral(m, literal);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "toString", "()Ljava/lang/String;", false);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(3, slot); // the builder, and a value of up to two slots; the host's writer computes no maxima
        m.visitEnd();
    }

    private static void appendLiteral(MethodVisitor m, StringBuilder literal) {
        if (literal.length() == 0) return;
        m.visitLdcInsn(literal.toString());
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "append", "(Ljava/lang/String;)L" + BUILDER + ";", false);
        literal.setLength(0);
    }

    /** The {@code StringBuilder.append} that writes a value of type {@code t} as {@code String.valueOf} does. */
    private static String appendDescriptor(Type t) {
        String param =
                switch (t.getSort()) {
                    case Type.BOOLEAN -> "Z";
                    case Type.CHAR -> "C";
                    case Type.BYTE, Type.SHORT, Type.INT -> "I";
                    case Type.LONG -> "J";
                    case Type.FLOAT -> "F";
                    case Type.DOUBLE -> "D";
                    default -> t.getDescriptor().equals("Ljava/lang/String;")
                            ? "Ljava/lang/String;"
                            : "Ljava/lang/Object;"; // a char[] too: valueOf(Object), as the JDK's concatenation
                };
        return "(" + param + ")L" + BUILDER + ";";
    }

    /**
     * The lambda call sites of a class that {@link #isPlainLambda} accepts, in the order the rewriter numbers them:
     * the order of the class file's methods and instructions.
     */
    static List<Object[]> plainLambdas(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        String host = reader.getClassName();
        Set<String> privateMethods = privateMethods(reader);
        List<Object[]> sites = new ArrayList<>();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitInvokeDynamicInsn(
                                    String method, String desc, Handle bootstrap, Object... args) {
                                if (isPlainLambda(host, privateMethods, desc, bootstrap, args))
                                    sites.add(new Object[] {method, desc, args});
                            }
                        };
                    }
                },
                ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return sites;
    }
}
