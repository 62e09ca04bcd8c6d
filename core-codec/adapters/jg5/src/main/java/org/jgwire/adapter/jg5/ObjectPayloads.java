package org.jgwire.adapter.jg5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.util.Streamable;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.runtime.FrameInput;
import org.jgwire.codec.runtime.FrameProblem;
import org.jgwire.codec.runtime.HeaderFieldReader;

/**
 * Finds the extent of an ObjectMessage payload and names what it holds, without ever Java-deserializing it and
 * without instantiating an application class. Two wire forms exist inside 5.x:
 * <ul>
 *   <li>5.0 to 5.2.10: {@code ObjectMessage.writePayload} = {@code Util.objectToStream}: a type byte, then a
 *       primitive, a {@code writeGenericStreamable} ({@code TYPE_STREAMABLE=50}) or a bare Java serialization
 *       stream ({@code TYPE_SERIALIZABLE=51}, no length: its end is unknown);</li>
 *   <li>5.2.11+: {@code Util.writeGenericStreamable(obj)}: presence byte, magic id ({@code -1} + class name for a
 *       class outside the magic map), body. Primitives travel in an {@code ObjectWrapperPrimitive} (type byte +
 *       value), other objects in an {@code ObjectWrapperSerializable} ({@code i32 length} + serialized bytes).</li>
 * </ul>
 * After {@link #read}, {@link #className} is what the wire names, {@link #text} a primitive's value, {@link #shown} the
 * toString of a JGroups type read by its own readFrom, and
 * {@link #endUnknown} (when not null) says why the payload's end could not be found.
 */
final class ObjectPayloads {
    private final JarFacts jar;
    private final int textChars;
    private final ReadFromGuard guard = new ReadFromGuard();
    private final HeaderFieldReader items;
    private final int primitiveWrapperMagic;
    private final int serializableWrapperMagic;
    private final int legacyWrapperMagic;

    String className;
    String text;
    String shown;
    String endUnknown;

    ObjectPayloads(JarFacts jar, int textChars, HeaderFieldReader items) {
        this.jar = jar;
        this.items = items;
        this.textChars = Math.max(0, textChars);
        // The wrappers exist from 5.2.11 on only: looked up by name once, so this adapter still loads on 5.0.
        this.primitiveWrapperMagic = magicOf("org.jgroups.util.ObjectWrapperPrimitive");
        this.serializableWrapperMagic = magicOf("org.jgroups.util.ObjectWrapperSerializable");
        // 5.0 to 5.2.10 wrap any non-Streamable object in ObjectWrapper: same body as ObjectWrapperSerializable
        this.legacyWrapperMagic = magicOf("org.jgroups.util.ObjectWrapper");
    }

    private static int magicOf(String className) {
        try {
            return ClassConfigurator.getMagicNumber(
                    Class.forName(className, false, ObjectPayloads.class.getClassLoader()));
        } catch (ClassNotFoundException | RuntimeException e) {
            return Integer.MIN_VALUE; // never equal to a short read from the wire
        }
    }

    /** Reads past the payload (or as far as it can be followed); see the fields for what was found. */
    void read(FrameInput in) throws IOException {
        className = null;
        text = null;
        shown = null;
        endUnknown = null;
        if (jar.atLeast(5, 2, 11)) generic(in);
        else typed(in);
    }

    /** {@code Util.objectToStream} / {@code objectFromStream} of 5.0 to 5.2.10. */
    private void typed(FrameInput in) throws IOException {
        byte type = in.readByte();
        switch (type) {
            case 0 -> {} // TYPE_NULL
            case 50 -> generic(in); // TYPE_STREAMABLE: writeGenericStreamable
            case 51 -> { // TYPE_SERIALIZABLE: an ObjectOutputStream straight on the wire, no length
                className = JavaSerialization.className(in.buffer(), in.position(), in.remaining());
                endUnknown = "Java-serialized object" + (className != null ? " of " + className : "")
                        + ": its end cannot be found without deserializing it";
            }
            default -> primitive(in, type);
        }
    }

    /** {@code Util.writeGenericStreamable} / {@code readSizeStreamable} (5.2.11+), {@code readGenericStreamable}. */
    private void generic(FrameInput in) throws IOException {
        if (in.readByte() == 0) return; // null object
        short magic = in.readShort();
        if (magic == -1) {
            className = in.readUTF();
            endUnknown = "object of application class " + className
                    + ": its end cannot be found without instantiating that class";
            return;
        }
        if (magic == primitiveWrapperMagic) {
            primitive(in, in.readByte());
        } else if (magic == serializableWrapperMagic || magic == legacyWrapperMagic) {
            // ObjectWrapper(Serializable).writeTo: i32 length (-1 = null) + Java-serialized bytes. Its readFrom
            // would deserialize them, so the bytes are skipped and only the class name is read from them.
            int len = in.readInt();
            if (len >= 0) {
                int n = Math.min(len, in.remaining());
                className = JavaSerialization.className(in.buffer(), in.position(), n);
                if (className == null) className = wrappedStreamable(in.buffer(), in.position(), n);
                in.skip(len);
            }
        } else {
            // Another class of the jar's magic map: the no-arg constructor names it, and its own readFrom reads it
            // when its bytecode calls nothing that deserializes or loads a named class (ReadFromGuard).
            Object object;
            try {
                object = ClassConfigurator.create(magic);
                className = object.getClass().getName();
            } catch (ClassNotFoundException | RuntimeException e) {
                throw new FrameProblem(
                        ProblemKind.UNKNOWN_CLASS,
                        in.position() - 2,
                        "object payload: magic id " + magic + " is unknown to JGroups " + jar.label);
            }
            if (object instanceof Streamable s && guard.mayRead(object.getClass())) {
                int start = in.position();
                try {
                    s.readFrom(in);
                } catch (ClassNotFoundException | RuntimeException e) {
                    throw new FrameProblem(
                            ProblemKind.MALFORMED, start, "object payload of " + className + ": " + e.getMessage());
                }
                shown = shown(object);
                // a protocol jar's collection (jgroups-raft's LogEntries): its items by their fields, commands too
                if (shown != null
                        && object instanceof Iterable<?> items
                        && jar.unknown.facts().classes().contains(className)) shown = shown + ": " + items(items);
                return;
            }
            endUnknown = "object of " + className + ": not read (its readFrom may deserialize), so its end is unknown";
        }
    }

    private String items(Iterable<?> all) {
        try {
            return items.itemsText(all, textChars);
        } catch (RuntimeException e) {
            return "(items not shown: " + e + ")";
        }
    }

    /** The object's own toString, cut to the text limit; null when it throws. */
    private String shown(Object object) {
        String s;
        try {
            s = String.valueOf(object);
        } catch (RuntimeException e) {
            return null;
        }
        return s.length() <= textChars ? s : s.substring(0, textChars) + "...";
    }

    /**
     * 5.0 to 5.2.10 wrap a Streamable that is not SizeStreamable (MethodCall) in ObjectWrapper: its bytes are
     * {@code Util.objectToByteBuffer}'s, {@code TYPE_STREAMABLE} (50) + {@code writeGenericStreamable} (presence,
     * magic id, or -1 + class name). Named from those bytes, never read.
     */
    private static String wrappedStreamable(byte[] b, int off, int len) {
        if (len < 4 || b[off] != 50 || b[off + 1] != 1) return null;
        short magic = (short) ((b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF);
        if (magic == -1) {
            if (len < 6) return null;
            int n = (b[off + 4] & 0xFF) << 8 | b[off + 5] & 0xFF;
            return 6 + n <= len ? new String(b, off + 6, n, StandardCharsets.UTF_8) : null;
        }
        try {
            return ClassConfigurator.create(magic).getClass().getName(); // the no-arg constructor only
        } catch (ClassNotFoundException | RuntimeException e) {
            return null;
        }
    }

    /** {@code Util.primitiveToStream}: the type codes of {@code Util.TYPE_*} (unchanged through 5.x). */
    private void primitive(FrameInput in, byte type) throws IOException {
        switch (type) {
            case 0 -> {}
            case 1, 2 -> set("java.lang.Boolean", String.valueOf(in.readBoolean()));
            case 3, 4 -> set("java.lang.Byte", String.valueOf(in.readByte()));
            case 5, 6 -> set("java.lang.Character", String.valueOf(in.readChar()));
            case 7, 8 -> set("java.lang.Double", String.valueOf(in.readDouble()));
            case 9, 10 -> set("java.lang.Float", String.valueOf(in.readFloat()));
            case 11, 12 -> set("java.lang.Integer", String.valueOf(in.readInt()));
            case 13, 14 -> set("java.lang.Long", String.valueOf(in.readLong()));
            case 15, 16 -> set("java.lang.Short", String.valueOf(in.readShort()));
            case 17 -> set("java.lang.String", string(in));
            case 18 -> { // byte[]: i32 length + bytes
                int len = in.readInt();
                in.skip(len);
                set("byte[]", null);
            }
            case 19 -> set("java.lang.Class", "class type " + in.readByte());
            default -> throw new FrameProblem(
                    ProblemKind.MALFORMED,
                    in.position() - 1,
                    "object payload: type byte " + type + " is none of Util's TYPE_* codes");
        }
    }

    private void set(String cls, String value) {
        className = cls;
        text = value;
    }

    /** {@code Util.writeString}: boolean ascii, then i32 length + bytes, or writeUTF. Bounded by the frame. */
    private static String string(FrameInput in) throws IOException {
        if (!in.readBoolean()) return in.readUTF();
        int len = in.readInt();
        int p = in.position();
        in.skip(len);
        return new String(in.buffer(), p, len, StandardCharsets.ISO_8859_1);
    }
}
