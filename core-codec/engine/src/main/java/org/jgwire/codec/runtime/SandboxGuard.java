package org.jgwire.codec.runtime;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.util.Set;
import org.jgwire.codec.model.ProblemKind;

/**
 * What the JGroups classes call, once {@link SandboxRewriter} has rewritten them, before they allocate an array,
 * resolve or instantiate a class by name, or start Java deserialization. Public because the calls come from classes
 * of another loader; not an API.
 *
 * <p>Arrays: while the fence ({@link LoadedAdapter}) decodes a frame on this thread, an array may have at most as
 * many elements as the frame has bytes, plus {@link #SLACK}: what the wire carries cannot need more, and
 * {@code readFrom} code that trusts a length ({@code EncryptHeader}, {@code SeqnoList}, {@code GossipData}) asks
 * for gigabytes.
 *
 * <p>Classes: JGroups resolves classes named by the frame ({@code AuthHeader.readFrom} calls {@code Class.forName}
 * and the no-arg constructor of whatever it names; {@code Util.loadClass}, {@code readGenericStreamable},
 * {@code ClassConfigurator}); during a decode only its own classes and the JDK types its wire format names
 * ({@link #JDK_TYPES}) resolve, none is initialised by resolving it, and one is instantiated only when it is of the
 * type the calling code casts it to ({@link #instantiating}). Java deserialization ({@code new ObjectInputStream},
 * e.g. {@code Util.objectFromStream}) is refused during a decode, and so is creating a thread, a socket, a file or a
 * process ({@link #creating}).
 *
 * <p>Outside a decode (adapter start) nothing is refused; inside a JGroups static initialiser, even one a decode
 * triggered, only threads, sockets, files and processes are: what a static initialiser allocates and loads comes from
 * the jar, not from a frame.
 *
 * <p>A refusal throws (a {@link ClassNotFoundException} where a class was asked for, so that JGroups handles it
 * like an absent class) and, during a decode, is remembered for the fence, which reports it even when JGroups
 * catches the exception.
 */
public final class SandboxGuard {
    /**
     * Elements any array may have beyond the frame's bytes: JGroups' scratch buffers (8 KiB stream buffers, the
     * 1 KiB default of {@code ByteArrayDataOutputStream}) and the tables a class builds on first use in a decode.
     */
    static final int SLACK = 1 << 16;

    /**
     * The JDK types JGroups' wire format names, besides its own: the primitive wrappers and String of
     * {@code Util.objectToStream} / {@code ObjectWrapperPrimitive} ({@code Util.PRIMITIVE_TYPES}). Arrays of them
     * and of primitives resolve too.
     */
    static final Set<String> JDK_TYPES = Set.of(
            "java.lang.Object",
            "java.lang.String",
            "java.lang.Boolean",
            "java.lang.Byte",
            "java.lang.Character",
            "java.lang.Short",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Float",
            "java.lang.Double");

    private static final ThreadLocal<Decode> DECODE = ThreadLocal.withInitial(Decode::new);

    /** The frame decoded on one thread, and the first thing refused while decoding it. */
    private static final class Decode {
        /** Elements an array may have; {@code Integer.MAX_VALUE} outside a decode. */
        long maxElements = Integer.MAX_VALUE;

        int frameBytes = -1;
        Refused refused;
    }

    /** What the sandbox refused during a decode, and where JGroups was reading. */
    record Refused(ProblemKind kind, String what) {}

    private SandboxGuard() {}

    /**
     * Starts the decode of a frame of {@code frameBytes} on this thread; returns what {@link #end} restores (the
     * frame of an enclosing decode, or -1).
     */
    static int begin(int frameBytes) {
        Decode d = DECODE.get();
        int outer = d.frameBytes;
        d.frameBytes = frameBytes;
        d.maxElements = (long) frameBytes + SLACK;
        d.refused = null;
        return outer;
    }

    /** The first thing refused since {@link #begin}, or null. */
    static Refused refused() {
        return DECODE.get().refused;
    }

    /** Ends the decode {@link #begin} started; {@code outer} is what it returned. */
    static void end(int outer) {
        Decode d = DECODE.get();
        d.frameBytes = outer;
        d.maxElements = outer < 0 ? Integer.MAX_VALUE : (long) outer + SLACK;
        d.refused = null;
    }

    /** Before {@code new byte[n]} / {@code new boolean[n]}. */
    public static int bytes(int n) {
        return n <= SLACK ? n : checked(n, " bytes");
    }

    /** Before any other one-dimensional array, and JDK calls that allocate {@code n} elements at once. */
    public static int elements(int n) {
        return n <= SLACK ? n : checked(n, " elements");
    }

    /** Replaces {@code MULTIANEWARRAY}: an array of {@code type} with the first {@code dims.length} dimensions. */
    public static Object multiArray(Class<?> type, int[] dims) {
        long total = 1;
        for (int n : dims) total *= Math.max(1, n); // a negative dimension fails in Array.newInstance
        if (total > SLACK) checked(total, " elements");
        Class<?> component = type;
        for (int i = 0; i < dims.length; i++) component = component.getComponentType();
        return Array.newInstance(component, dims);
    }

    private static int checked(long n, String unit) {
        Decode d = DECODE.get();
        if (n <= d.maxElements || initialising()) return (int) n;
        throw new Refusal(remember(
                d, ProblemKind.LIMIT, "refused an array of " + n + unit + " (frame holds " + d.frameBytes + ")"));
    }

    /** Before {@code Class.forName} and {@code ClassLoader.loadClass} with {@code name}. */
    public static void className(String name) throws ClassNotFoundException {
        Decode d = DECODE.get();
        if (name == null || allowed(name) || d.frameBytes < 0 || initialising()) return;
        remember(d, ProblemKind.UNKNOWN_CLASS, "refused to load class " + name + " named by the frame");
        throw new ClassNotFoundException(
                name + " refused: only JGroups' own classes and " + JDK_TYPES + " may be named by a frame");
    }

    /**
     * Replaces {@code Class.forName(name)} in {@code caller}: the same class, from the caller's loader, but during a
     * decode only loaded, not initialised ({@link #forName(String, boolean, ClassLoader)}).
     */
    public static Class<?> forName(String name, Class<?> caller) throws ClassNotFoundException {
        return forName(name, true, caller.getClassLoader());
    }

    /**
     * Replaces {@code Class.forName(name, initialize, loader)}. During a decode the class is never initialised here:
     * what the frame named runs no static initialiser until {@link #instantiating} or {@link #constructing} has
     * found it to be of the type the reading code expects.
     */
    public static Class<?> forName(String name, boolean initialize, ClassLoader loader) throws ClassNotFoundException {
        className(name);
        boolean decoding = DECODE.get().frameBytes >= 0;
        return Class.forName(name, initialize && (!decoding || initialising()), loader);
    }

    /**
     * Before {@code Class.newInstance()}; {@code expected} is the type the calling code casts the instance to (the
     * {@code CHECKCAST} after the call), null when it casts to none.
     */
    public static void instantiating(Class<?> c, Class<?> expected) throws ClassNotFoundException {
        if (c != null) instance(c, expected);
    }

    /** Before {@code Constructor.newInstance(args)}; {@code expected} as for {@link #instantiating}. */
    public static void constructing(Constructor<?> c, Class<?> expected) throws ClassNotFoundException {
        if (c != null) instance(c.getDeclaringClass(), expected);
    }

    /**
     * During a decode, a class is instantiated reflectively only if it is a subtype of what the calling code expects,
     * or, where it casts to nothing in particular (a generic {@code ClassConfigurator.create}), of the jar's
     * {@code Streamable}: whatever JGroups reads off the wire reads itself, and a class that does not
     * ({@code JChannel}, a protocol, a thread pool) has no business being built by a frame. Constructing is what
     * initialises the class, so one refused here has run no code.
     */
    private static void instance(Class<?> c, Class<?> expected) throws ClassNotFoundException {
        Decode d = DECODE.get();
        if (d.frameBytes < 0) return;
        String name = c.getName();
        boolean typed = expected != null && expected != Object.class ? expected.isAssignableFrom(c) : STREAMABLE.get(c);
        if (typed && allowed(name)) return;
        if (initialising()) return;
        if (!allowed(name)) className(name); // refused by name, as when it was resolved
        String type = expected != null && expected != Object.class ? expected.getName() : STREAMABLE_NAME;
        remember(
                d,
                ProblemKind.UNKNOWN_CLASS,
                "refused to instantiate class " + name + " named by the frame: not a " + type);
        throw new ClassNotFoundException(name + " refused: not a " + type);
    }

    /** The type any class JGroups reads off the wire implements, in every release (3.x to 5.x). */
    private static final String STREAMABLE_NAME = "org.jgroups.util.Streamable";

    /** Whether a class is a {@code Streamable} of its own jar: asked only when a decode instantiates by name. */
    private static final ClassValue<Boolean> STREAMABLE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                return Class.forName(STREAMABLE_NAME, false, c.getClassLoader()).isAssignableFrom(c);
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    };

    /**
     * Before JGroups code creates {@code what} (a thread, a socket, a file, a process: {@link ResourceCalls}):
     * refused during a decode, whoever asks (a static initialiser a decode triggered too). Decoding reads bytes; none
     * of these has a place in it, and a frame that leads JGroups there (a class it named, a constructor it reached)
     * would otherwise make every frame cost sockets and threads.
     */
    public static void creating(String what) {
        Decode d = DECODE.get();
        if (d.frameBytes >= 0) throw new Refusal(remember(d, ProblemKind.LIMIT, "refused to create " + what));
    }

    /** Before {@code new ObjectInputStream(..)}, a JGroups subclass's included. */
    public static void deserializing() {
        Decode d = DECODE.get();
        if (d.frameBytes >= 0)
            throw new Refusal(remember(d, ProblemKind.MALFORMED, "refused to Java-deserialize an object"));
    }

    static boolean allowed(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') dims++;
        if (dims > 0) { // Class.forName's array names: [B, [Ljava.lang.String;
            if (name.length() == dims + 1) return true;
            if (name.charAt(dims) != 'L' || !name.endsWith(";")) return false;
            name = name.substring(dims + 1, name.length() - 1);
        }
        return name.startsWith("org.jgroups.") || JDK_TYPES.contains(name);
    }

    /** Keeps the first refusal of a decode for the fence, with where it happened; returns what was refused. */
    private static String remember(Decode d, ProblemKind kind, String what) {
        if (d.frameBytes >= 0 && d.refused == null) d.refused = new Refused(kind, what + reading());
        return what;
    }

    /**
     * Whether a JGroups class is being initialised on this thread: a decode may be the first use of a class, and
     * what its static initialiser allocates or loads comes from the jar (tables, {@code ClassConfigurator}'s XML
     * parser, logging probes), not from the frame. Asked only before refusing.
     */
    private static boolean initialising() {
        return StackWalker.getInstance()
                .walk(s -> s.anyMatch(f ->
                        f.getMethodName().equals("<clinit>") && f.getClassName().startsWith("org.jgroups.")));
    }

    /** The outermost JGroups method on the stack: the {@code readFrom} the adapter called. */
    private static String reading() {
        return StackWalker.getInstance()
                .walk(s -> s.filter(f -> f.getClassName().startsWith("org.jgroups."))
                        .reduce((inner, outer) -> outer)
                        .map(f -> " while reading with " + f.getClassName() + "." + f.getMethodName())
                        .orElse(""));
    }

    /** An array or a deserialization refused: unchecked, as what it replaces (an OutOfMemoryError) would be. */
    static final class Refusal extends RuntimeException {
        Refusal(String message) {
            super(message, null, false, false);
        }
    }
}
