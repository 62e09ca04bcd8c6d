package org.jgwire.codec.runtime;

import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Finds {@code ClassConfigurator.add(short, Class)} and {@code addProtocol(short, Class)} calls in a class's static
 * initialiser whose arguments are constants, as javac compiles {@code ClassConfigurator.add(RAFT.APPEND_ENTRIES_REQ,
 * AppendEntriesRequest.class)}: a short pushed ({@code sipush}, {@code bipush}, {@code iconst}, {@code ldc}), a class
 * literal ({@code ldc}), the call. Anything else in between is not a registration this reader can vouch for.
 */
final class ProtocolJarScanner {
    private static final String CONFIGURATOR = "org/jgroups/conf/ClassConfigurator";
    private static final String SIGNATURE = "(SLjava/lang/Class;)V";

    private ProtocolJarScanner() {}

    /** Adds the registrations of one class file to {@code classes} (by magic id) and {@code protocols}. */
    static void scan(
            byte[] classFile, List<ProtocolJar.Registration> classes, List<ProtocolJar.Registration> protocols) {
        new ClassReader(classFile)
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public MethodVisitor visitMethod(
                                    int access, String name, String desc, String sig, String[] exceptions) {
                                return name.equals("<clinit>") ? new Registrations(classes, protocols) : null;
                            }
                        },
                        ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /** The last two constants pushed, forgotten at any other instruction. */
    private static final class Registrations extends MethodVisitor {
        private final List<ProtocolJar.Registration> classes, protocols;
        private Integer id;
        private String className;

        Registrations(List<ProtocolJar.Registration> classes, List<ProtocolJar.Registration> protocols) {
            super(Opcodes.ASM9);
            this.classes = classes;
            this.protocols = protocols;
        }

        private void forget() {
            id = null;
            className = null;
        }

        private void pushInt(int v) {
            id = v;
            className = null;
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5) pushInt(opcode - Opcodes.ICONST_0);
            else forget();
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            if (opcode == Opcodes.SIPUSH || opcode == Opcodes.BIPUSH) pushInt(operand);
            else forget();
        }

        @Override
        public void visitLdcInsn(Object value) {
            if (value instanceof Integer i) pushInt(i);
            else if (value instanceof Type t && t.getSort() == Type.OBJECT && id != null && className == null)
                className = t.getClassName();
            else forget();
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
            if (opcode == Opcodes.INVOKESTATIC
                    && owner.equals(CONFIGURATOR)
                    && desc.equals(SIGNATURE)
                    && id != null
                    && className != null
                    && id == (short) (int) id) {
                ProtocolJar.Registration r = new ProtocolJar.Registration((short) (int) id, className);
                if (name.equals("add")) classes.add(r);
                else if (name.equals("addProtocol")) protocols.add(r);
            }
            forget();
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String desc) {
            forget();
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            forget();
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            forget();
        }

        @Override
        public void visitJumpInsn(int opcode, org.objectweb.asm.Label label) {
            forget();
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String desc, org.objectweb.asm.Handle bsm, Object... bsmArgs) {
            forget();
        }
    }
}
