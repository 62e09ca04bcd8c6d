package org.jgwire.wireshark.derive;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Derives a header's layout from its {@code writeTo(DataOutput)} bytecode by running it symbolically: every path
 * through the method is followed, each write of a field ({@code out.writeLong(seqno)}, {@code
 * Bits.writeLongCompressed(seqno, out)}, {@code Util.writeAddress(sender, out)}, see {@link Helpers}) becomes a
 * {@link Item.Value} named after the field, and a branch on a value written before ({@code if(type == MSG)}, {@code
 * switch(type)}, {@code if((flags & X) != 0)}, {@code if(n > 0)}) becomes an {@link Item.If}. A branch on a value
 * not yet written is followed both ways and must write its outcome first ({@code out.writeBoolean(x != null)}).
 * Calls into another Streamable's {@code writeTo} are followed into its class, its fields named {@code
 * outer.inner}. Loops, unknown calls that take the output, and branches the reader could not decide end the
 * derivation with the reason ({@link NotDerivable}).
 *
 * <p>A small interpreter of writeTo bytecode whose instruction cases share one abstract stack and one layout under
 * construction.
 */
public final class WriteToDeriver {
    private static final int MAX_STEPS = 20_000;
    private static final String WRITE_TO = "(Ljava/io/DataOutput;)V";

    private final ClassSource classes;
    private final IdentityHashMap<Item.Value, Long> constants = new IdentityHashMap<>();
    private int steps;

    private WriteToDeriver(ClassSource classes) {
        this.classes = classes;
    }

    // --- deriving a class's writeTo ---

    /** The layout items of {@code className}'s body, or {@link NotDerivable} saying why there are none. */
    public static List<Item> derive(ClassSource classes, String className) {
        return new WriteToDeriver(classes).body(className, "", 0);
    }

    private List<Item> body(String className, String prefix, int depth) {
        if (depth > 4) throw new NotDerivable("Streamables nested more than 4 deep at " + prefix);
        MethodNode m = classes.writeTo(className);
        if (m == null) throw new NotDerivable("no writeTo(DataOutput) in " + className + " or its superclasses");
        Path start = new Path(m, classes.owner(className, m), prefix, depth);
        start.locals.put(0, new Sym.Ref(prefix, classes.owner(className, m)));
        start.locals.put(1, Sym.OUT);
        return run(start, 0);
    }

    /** Follows one path from instruction {@code at} to the method's end; returns what it writes. */
    private List<Item> run(Path p, int at) {
        InsnList code = p.method.instructions;
        List<Item> out = new ArrayList<>();
        for (int i = at; i < code.size(); i++) {
            if (++steps > MAX_STEPS) throw new NotDerivable("writeTo too complex (more than " + MAX_STEPS + " steps)");
            AbstractInsnNode n = code.get(i);
            int op = n.getOpcode();
            if (op < 0) continue; // labels, line numbers, frames
            switch (op) {
                case Opcodes.RETURN, Opcodes.ATHROW -> {
                    return out;
                }
                case Opcodes.GOTO -> {
                    int to = code.indexOf(((JumpInsnNode) n).label);
                    if (to <= i) throw new NotDerivable("a loop in " + p.where());
                    i = to - 1;
                }
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLE, Opcodes.IFGT, Opcodes.IFNULL, Opcodes.IFNONNULL -> {
                    out.addAll(branch1(p, (JumpInsnNode) n, i));
                    return out;
                }
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE -> {
                    out.addAll(compare(p, (JumpInsnNode) n, i));
                    return out;
                }
                case Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH -> {
                    out.addAll(tableSwitch(p, n));
                    return out;
                }
                default -> step(p, n, out);
            }
        }
        throw new NotDerivable("fell off the end of " + p.where());
    }

    // --- instructions and calls ---

    /** One instruction without control flow. */
    private void step(Path p, AbstractInsnNode n, List<Item> out) {
        int op = n.getOpcode();
        if (op >= Opcodes.ILOAD && op <= Opcodes.ALOAD) {
            p.push(p.locals.getOrDefault(((VarInsnNode) n).var, Sym.UNKNOWN));
        } else if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
            p.locals.put(((VarInsnNode) n).var, p.pop());
        } else if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
            p.push(new Sym.Const(op - Opcodes.ICONST_0));
        } else if (op == Opcodes.LCONST_0 || op == Opcodes.LCONST_1) {
            p.push(new Sym.Const(op - Opcodes.LCONST_0));
        } else if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) {
            p.push(new Sym.Const(((IntInsnNode) n).operand));
        } else if (op == Opcodes.LDC) {
            Object c = ((LdcInsnNode) n).cst;
            p.push(c instanceof Integer || c instanceof Long ? new Sym.Const(((Number) c).longValue()) : Sym.UNKNOWN);
        } else if (op == Opcodes.ACONST_NULL) {
            p.push(Sym.UNKNOWN);
        } else if (op == Opcodes.GETFIELD) {
            FieldInsnNode f = (FieldInsnNode) n;
            Sym owner = p.pop();
            if (owner instanceof Sym.Ref r) p.push(new Sym.Field(r.child(f.name), f.desc));
            else p.push(Sym.UNKNOWN);
        } else if (op == Opcodes.GETSTATIC) {
            p.push(Sym.UNKNOWN);
        } else if (op == Opcodes.IAND || op == Opcodes.LAND) {
            Sym b = p.pop(), a = p.pop();
            if (a instanceof Sym.Field f && b instanceof Sym.Const c) p.push(new Sym.Masked(f.path(), c.value()));
            else if (b instanceof Sym.Field f && a instanceof Sym.Const c) p.push(new Sym.Masked(f.path(), c.value()));
            else p.push(Sym.UNKNOWN);
        } else if (op >= Opcodes.I2L && op <= Opcodes.I2S) {
            // conversions keep the value: writeByte((byte)type) still writes the type
        } else if (op == Opcodes.DUP) {
            Sym top = p.pop();
            p.push(top);
            p.push(top);
        } else if (op == Opcodes.POP) {
            p.pop();
        } else if (op == Opcodes.NEW) {
            p.push(Sym.UNKNOWN);
        } else if (op == Opcodes.CHECKCAST) {
            // same value
        } else if (op == Opcodes.INSTANCEOF || op == Opcodes.ARRAYLENGTH) {
            p.pop();
            p.push(Sym.UNKNOWN);
        } else if (n instanceof MethodInsnNode m) {
            call(p, m, out);
        } else if (n instanceof TypeInsnNode) {
            throw new NotDerivable("instruction " + op + " in " + p.where());
        } else {
            throw new NotDerivable("instruction " + op + " in " + p.where());
        }
    }

    private void call(Path p, MethodInsnNode m, List<Item> out) {
        Type[] args = Type.getArgumentTypes(m.desc);
        Sym[] values = new Sym[args.length];
        for (int k = args.length - 1; k >= 0; k--) values[k] = p.pop();
        Sym receiver = m.getOpcode() == Opcodes.INVOKESTATIC ? null : p.pop();
        boolean takesOut = receiver == Sym.OUT;
        for (Sym v : values) takesOut |= v == Sym.OUT;

        if (receiver instanceof Sym.Field f && m.name.equals("ordinal") && m.desc.equals("()I")) {
            p.push(new Sym.Ordinal(f.path()));
            return;
        }
        if (m.name.equals("writeTo") && m.desc.equals(WRITE_TO) && values[0] == Sym.OUT) {
            if (receiver instanceof Sym.Ref r) { // super.writeTo(out), or this.writeTo of a nested object
                out.addAll(body(m.owner.replace('/', '.'), r.path(), p.depth + 1));
                return;
            }
            if (receiver instanceof Sym.Field f) {
                out.addAll(nested(p, f, m.owner));
                return;
            }
        }
        if (takesOut) {
            Helpers.Write w = Helpers.of(m.owner, m.name, m.desc);
            if (w == null || receiver != null && receiver != Sym.OUT)
                throw new NotDerivable(
                        "writes through " + m.owner.replace('/', '.') + "." + m.name + m.desc + " in " + p.where());
            Sym v = values.length > (receiver == Sym.OUT ? 0 : 1) ? values[0] : null;
            if (w.kind() == null) { // Util.writeStreamable: presence boolean, then the object's writeTo
                if (!(v instanceof Sym.Field f)) throw new NotDerivable("writeStreamable of a computed value");
                out.addAll(streamable(p, f));
                return;
            }
            out.add(write(p, v, w.kind()));
            return;
        }
        Type ret = Type.getReturnType(m.desc);
        if (ret.getSort() != Type.VOID) p.push(Sym.UNKNOWN);
    }

    /** The value a write of {@code v} puts on the wire. */
    private Item.Value write(Path p, Sym v, Kind kind) {
        if (v instanceof Sym.Field f) {
            p.written.add(f.path());
            boolean named = f.path().endsWith("type");
            return new Item.Value(f.path(), kind, false, named);
        }
        if (v instanceof Sym.Ordinal o) {
            p.written.add(o.path());
            return new Item.Value(o.path(), kind == Kind.BYTE ? Kind.ENUM_BYTE : kind, false, true);
        }
        if (v instanceof Sym.Const c && p.assumption != null) { // the outcome of the branch being followed
            Item.Value w = new Item.Value(p.assumption, kind, true, false);
            constants.put(w, c.value());
            p.written.add(p.assumption);
            return w;
        }
        throw new NotDerivable("writes a computed value (" + kind + ") in " + p.where());
    }

    private List<Item> nested(Path p, Sym.Field f, String owner) {
        String type = classOf(f, owner);
        Kind known = Helpers.streamableKind(type);
        if (known != null) {
            p.written.add(f.path());
            return List.of(new Item.Value(f.path(), known, false, false));
        }
        return body(type, f.path(), p.depth + 1);
    }

    /** {@code Util.writeStreamable(obj, out)}: a presence boolean, then the object's own writeTo. */
    private List<Item> streamable(Path p, Sym.Field f) {
        String type = classOf(f, null);
        if (type.equals("org.jgroups.stack.IpAddress")) {
            p.written.add(f.path());
            return List.of(new Item.Value(f.path(), Kind.OPT_IP_ADDRESS, false, false));
        }
        String present = f.path() + "_present";
        p.written.add(present);
        List<Item> then = new ArrayList<>(nested(p, f, null));
        return List.of(
                new Item.Value(present, Kind.BOOL, true, false),
                new Item.If(present, new Item.True(), then, List.of()));
    }

    /** The concrete class a field holds: its declared type when it is a class, else the called method's owner. */
    private String classOf(Sym.Field f, String owner) {
        Type t = Type.getType(f.desc());
        if (t.getSort() != Type.OBJECT) throw new NotDerivable("writeTo on " + f.path() + " of type " + t);
        String declared = t.getClassName();
        if (classes.isConcrete(declared)) return declared;
        if (owner != null && classes.isConcrete(owner.replace('/', '.'))) return owner.replace('/', '.');
        throw new NotDerivable(f.path() + " is a " + declared + ": its class is only known at run time");
    }

    // --- branches ---

    /** IFEQ/IFNE/IFLE/IFGT/IFNULL/IFNONNULL on one value. */
    private List<Item> branch1(Path p, JumpInsnNode j, int at) {
        int op = j.getOpcode();
        Sym v = p.pop();
        int target = p.method.instructions.indexOf(j.label);
        if (target <= at) throw new NotDerivable("a loop in " + p.where());
        Path jump = p.copy(), fall = p.copy();
        boolean jumpOnTrue = op == Opcodes.IFNE || op == Opcodes.IFGT || op == Opcodes.IFNONNULL;
        Item.Test test;
        String on;
        if (v instanceof Sym.Field f
                && p.written.contains(f.path())
                && op != Opcodes.IFNULL
                && op != Opcodes.IFNONNULL) {
            on = f.path();
            test = op == Opcodes.IFLE || op == Opcodes.IFGT ? new Item.Positive() : new Item.True();
        } else if (v instanceof Sym.Ordinal o
                && p.written.contains(o.path())
                && (op == Opcodes.IFEQ || op == Opcodes.IFNE)) {
            on = o.path();
            test = new Item.True();
        } else if (v instanceof Sym.Masked m && p.written.contains(m.path())) {
            on = m.path();
            test = new Item.Mask(Long.toString(m.mask()));
        } else if (v instanceof Sym.Field f
                && (op == Opcodes.IFNULL || op == Opcodes.IFNONNULL || op == Opcodes.IFEQ || op == Opcodes.IFNE)) {
            return unknownBranch(
                    f.path() + (op == Opcodes.IFNULL || op == Opcodes.IFNONNULL ? "_present" : "_set"),
                    jumpOnTrue ? jump : fall,
                    jumpOnTrue ? fall : jump,
                    jumpOnTrue ? target : at + 1,
                    jumpOnTrue ? at + 1 : target);
        } else {
            throw new NotDerivable("a branch on " + v + " in " + p.where());
        }
        List<Item> yes = run(jumpOnTrue ? jump : fall, jumpOnTrue ? target : at + 1);
        List<Item> no = run(jumpOnTrue ? fall : jump, jumpOnTrue ? at + 1 : target);
        return Branches.when(on, test, yes, no);
    }

    /** IF_ICMPEQ/NE: a written value against a constant. */
    private List<Item> compare(Path p, JumpInsnNode j, int at) {
        Sym b = p.pop(), a = p.pop();
        int target = p.method.instructions.indexOf(j.label);
        if (target <= at) throw new NotDerivable("a loop in " + p.where());
        String on = path(a, p);
        Sym.Const c = b instanceof Sym.Const k ? k : null;
        if (on == null || c == null) {
            on = path(b, p);
            c = a instanceof Sym.Const k ? k : null;
        }
        if (on == null || c == null) throw new NotDerivable("a comparison of " + a + " and " + b + " in " + p.where());
        boolean jumpOnEqual = j.getOpcode() == Opcodes.IF_ICMPEQ;
        List<Item> equal = run(p.copy(), jumpOnEqual ? target : at + 1);
        List<Item> other = run(p.copy(), jumpOnEqual ? at + 1 : target);
        return Branches.when(on, new Item.Equals(List.of(Long.toString(c.value()))), equal, other);
    }

    private List<Item> tableSwitch(Path p, AbstractInsnNode n) {
        Sym v = p.pop();
        String on = path(v, p);
        if (on == null) throw new NotDerivable("a switch on " + v + " in " + p.where());
        InsnList code = p.method.instructions;
        Map<LabelNode, List<String>> keys = new LinkedHashMap<>();
        LabelNode dflt;
        if (n instanceof TableSwitchInsnNode t) {
            for (int k = 0; k < t.labels.size(); k++)
                keys.computeIfAbsent(t.labels.get(k), x -> new ArrayList<>()).add(Integer.toString(t.min + k));
            dflt = t.dflt;
        } else {
            LookupSwitchInsnNode l = (LookupSwitchInsnNode) n;
            for (int k = 0; k < l.keys.size(); k++)
                keys.computeIfAbsent(l.labels.get(k), x -> new ArrayList<>()).add(Integer.toString(l.keys.get(k)));
            dflt = l.dflt;
        }
        keys.remove(dflt);
        List<Branches.Arm> arms = new ArrayList<>();
        for (Map.Entry<LabelNode, List<String>> e : keys.entrySet())
            arms.add(new Branches.Arm(e.getValue(), run(p.copy(), code.indexOf(e.getKey()))));
        return Branches.chain(on, arms, run(p.copy(), code.indexOf(dflt)));
    }

    /** The path of a value the reader has already read, or null. */
    private static String path(Sym v, Path p) {
        if (v instanceof Sym.Field f && p.written.contains(f.path())) return f.path();
        if (v instanceof Sym.Ordinal o && p.written.contains(o.path())) return o.path();
        return null;
    }

    /**
     * A branch on something not yet on the wire: both ways are followed, and both must write the outcome (a
     * constant, true one way and false the other) before they differ; it becomes the value the reader branches on.
     */
    private List<Item> unknownBranch(String name, Path yesPath, Path noPath, int yesAt, int noAt) {
        yesPath.assumption = name;
        noPath.assumption = name;
        List<Item> yes = run(yesPath, yesAt), no = run(noPath, noAt);
        if (yes.equals(no)) return yes;
        int common = 0;
        while (common < yes.size() && common < no.size() && yes.get(common).equals(no.get(common))) common++;
        for (int k = 0; k < common; k++)
            if (yes.get(k) instanceof Item.Value v && v.name().equals(name) && v.wireOnly()) {
                Long cy = constants.get(yes.get(k)), cn = constants.get(no.get(k));
                if (cy == null || cn == null || (cy != 0) == (cn != 0))
                    throw new NotDerivable("the outcome of a test of " + name + " is not what the wire says");
                List<Item> out = new ArrayList<>(yes.subList(0, common));
                List<Item> y = yes.subList(common, yes.size()), o = no.subList(common, no.size());
                out.addAll(
                        cy != 0
                                ? Branches.when(name, new Item.True(), y, o)
                                : Branches.when(name, new Item.True(), o, y));
                return out;
            }
        throw new NotDerivable("what is written depends on " + name + ", which is not on the wire before");
    }

    // --- a path through the method ---

    /** One path's state: operand stack, locals, values already on the wire, and the branch being followed. */
    private static final class Path {
        final MethodNode method;
        final String owner, prefix;
        final int depth;
        final List<Sym> stack = new ArrayList<>();
        final Map<Integer, Sym> locals = new HashMap<>();
        final Set<String> written = new LinkedHashSet<>();
        String assumption;

        Path(MethodNode method, String owner, String prefix, int depth) {
            this.method = method;
            this.owner = owner;
            this.prefix = prefix;
            this.depth = depth;
        }

        Path copy() {
            Path c = new Path(method, owner, prefix, depth);
            c.stack.addAll(stack);
            c.locals.putAll(locals);
            c.written.addAll(written);
            c.assumption = assumption;
            return c;
        }

        void push(Sym s) {
            stack.add(s);
        }

        Sym pop() {
            if (stack.isEmpty()) throw new NotDerivable("operand stack underflow in " + where());
            return stack.remove(stack.size() - 1);
        }

        String where() {
            return owner + ".writeTo";
        }
    }
}
