package org.jgwire.adapter.jg5;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides, from a class's own bytecode, whether jgwire may call its {@code readFrom} on captured bytes: only when the
 * class file refers to none of the methods that Java-deserialize or load a class the wire names
 * ({@code Util.objectFromStream}/{@code objectFromByteBuffer}, {@code readObject}, {@code Util.readClass},
 * {@code Class.forName}, {@code loadClass}, {@code Util.readGenericStreamable} which loads a class named by string).
 * In the bundled 5.x jars this refuses {@code MethodCall} (arguments read by {@code Util.objectFromStream}) and
 * {@code AuthHeader} (token class by {@code Class.forName}); Digest, View, UUID, IpAddress, PingData, JoinRsp and the
 * other addresses are read. A class whose bytecode cannot be read is refused. The verdict is cached per class.
 */
final class ReadFromGuard {
    private static final Set<String> REFUSED = Set.of(
            "objectFromStream",
            "objectFromByteBuffer",
            "readObject",
            "readClass",
            "forName",
            "loadClass",
            "readGenericStreamable");

    private final Map<Class<?>, Boolean> verdicts = new ConcurrentHashMap<>();

    boolean mayRead(Class<?> c) {
        return verdicts.computeIfAbsent(c, ReadFromGuard::check);
    }

    private static boolean check(Class<?> c) {
        String resource = c.getName().replace('.', '/') + ".class";
        ClassLoader loader = c.getClassLoader();
        try (InputStream in = loader != null ? loader.getResourceAsStream(resource) : null) {
            return in != null && !refersToRefused(new DataInputStream(in));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Reads the constant pool (JVMS 4.4) and looks for a NameAndType whose name is one of {@link #REFUSED}. */
    private static boolean refersToRefused(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) return true;
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] nameAndTypeNames = new int[count];
        int nats = 0;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.skipBytes(2); // Class, String, MethodType, Module, Package
                case 15 -> in.skipBytes(3); // MethodHandle
                case 3, 4, 9, 10, 11, 17, 18 -> in.skipBytes(4); // Integer, Float, refs, (Invoke)Dynamic
                case 12 -> { // NameAndType: name, descriptor
                    nameAndTypeNames[nats++] = in.readUnsignedShort();
                    in.skipBytes(2);
                }
                case 5, 6 -> { // Long, Double take two slots
                    in.skipBytes(8);
                    i++;
                }
                default -> {
                    return true; // a constant this reader does not know: refuse
                }
            }
        }
        for (int k = 0; k < nats; k++) {
            int n = nameAndTypeNames[k];
            if (n <= 0 || n >= count || utf8[n] == null || REFUSED.contains(utf8[n])) return true;
        }
        return false;
    }
}
