package org.jgwire.adapter.jg5;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Message;
import org.jgroups.Version;
import org.jgroups.conf.ClassConfigurator;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.JarVersion;
import org.jgwire.codec.runtime.UnknownHeaders;

/**
 * What the running jar says about itself, read once: its version, the names of its message types and flags, and
 * (lazily, cached) protocol names by id and header class names by magic id. Everything here comes from the jar,
 * never from a copy in jgwire.
 */
final class JarFacts {
    /** e.g. {@code 5.5.7.Final} */
    final String label;
    /** The version shown for frames that carry none (FD_SOCK2, gossip control) */
    final JGroupsVersion version;
    /** message type short -> name (BYTES, OBJECT, ...); null = the jar has no such type */
    final String[] typeNames = new String[32];

    private final String[] flagNames = new String[16];
    private final String[] protocolNames = new String[1 << 16];
    private final HeaderClass[] headerClasses = new HeaderClass[1 << 16];
    /** Headers no class reads, and what the protocol jars loaded beside this jar registered. */
    final UnknownHeaders unknown = new UnknownHeaders();

    JarFacts() {
        // Version's fields are filled from JGROUPS_VERSION.properties in its static initialiser, so they are read
        // by reflection: compiled against 5.0.4, a direct reference could be inlined as 5.0.4's values.
        try {
            version = JarVersion.of(Version.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(Version.class.getName() + ".version missing in this jar", e);
        }
        String description = String.valueOf(staticObject(Version.class, "description"));
        int sp = description.indexOf(' ');
        label = sp > 0 ? description.substring(0, sp) : description;
        // Message.BYTES_MSG ... EARLYBATCH_MSG (5.2+): the constants of the jar's own Message interface
        for (Field f : Message.class.getFields()) {
            if (!Modifier.isStatic(f.getModifiers())
                    || f.getType() != short.class
                    || !f.getName().endsWith("_MSG")) continue;
            int v = staticShort(Message.class, f.getName());
            String name = f.getName().substring(0, f.getName().length() - 4);
            if (name.equals("OBJ")) name = "OBJECT";
            if (v >= 0 && v < typeNames.length) typeNames[v] = name;
        }
        for (Message.Flag flag : Message.Flag.values()) {
            int bit = Integer.numberOfTrailingZeros(flag.value() & 0xFFFF);
            if (bit < 16) flagNames[bit] = flag.name();
        }
    }

    boolean atLeast(int ma, int mi, int mc) {
        int major = version.major(), minor = version.minor(), micro = version.micro();
        return major != ma ? major > ma : minor != mi ? minor > mi : micro >= mc;
    }

    /** Names of the set flags, in bit order; unknown bits as {@code 0x..}. */
    List<String> flagNames(int flags) {
        if (flags == 0) return List.of();
        List<String> out = new ArrayList<>(Integer.bitCount(flags));
        for (int bit = 0; bit < 16; bit++)
            if ((flags & (1 << bit)) != 0)
                out.add(flagNames[bit] != null ? flagNames[bit] : "0x" + Integer.toHexString(1 << bit));
        return out;
    }

    /** The protocol's simple class name from the jar's protocol-id map, or {@code id=<n>}. */
    String protocolName(short id) {
        int i = id & 0xFFFF;
        String n = protocolNames[i];
        if (n == null) {
            Class<?> c = null;
            try {
                c = ClassConfigurator.getProtocol(id);
            } catch (RuntimeException e) {
                // unknown id: named by number below
            }
            n = c != null ? c.getSimpleName() : unknown.facts().protocolName(id);
            protocolNames[i] = n;
        }
        return n;
    }

    /** The class of a header, cached by magic id (the magic map is fixed for a jar). */
    HeaderClass headerClass(short magic, Object header) {
        int i = magic & 0xFFFF;
        HeaderClass c = headerClasses[i];
        if (c == null) headerClasses[i] = c = HeaderClass.of(header.getClass().getSimpleName());
        return c;
    }

    static int staticShort(Class<?> c, String name) {
        try {
            return ((Number) c.getField(name).get(null)).intValue();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(c.getName() + "." + name + " missing in this jar", e);
        }
    }

    static Object staticObject(Class<?> c, String name) {
        try {
            return c.getField(name).get(null);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
