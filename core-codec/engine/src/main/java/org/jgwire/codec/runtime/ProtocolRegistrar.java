package org.jgwire.codec.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Registers the classes of protocol jars with the {@code ClassConfigurator} of one JGroups jar's loader, as their
 * protocols' static initialisers would, without running those initialisers: each header (or other wire object)
 * class is loaded, sandboxed like every JGroups class, and added under its magic id. Protocol ids only need a name,
 * which the adapter takes from {@link ProtocolJarFacts#protocolNames}.
 */
final class ProtocolRegistrar {
    private ProtocolRegistrar() {}

    /** Registers {@code jars} in {@code loader}, the first jar's class winning where two name one magic id. */
    static ProtocolJarFacts register(ClassLoader loader, List<ProtocolJar> jars) {
        if (jars.isEmpty()) return ProtocolJarFacts.NONE;
        Map<Short, String> names = new HashMap<>(), failures = new HashMap<>();
        Set<String> classes = new HashSet<>();
        Method add;
        try {
            Class<?> configurator = Class.forName("org.jgroups.conf.ClassConfigurator", true, loader);
            add = configurator.getMethod("add", short.class, Class.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            for (ProtocolJar j : jars)
                for (ProtocolJar.Registration r : j.classes())
                    failures.putIfAbsent(r.id(), j.label() + ": JGroups has no ClassConfigurator.add (" + e + ")");
            return new ProtocolJarFacts(Map.of(), Map.copyOf(failures), Set.of());
        }
        for (ProtocolJar j : jars) {
            for (ProtocolJar.Registration r : j.protocols()) names.putIfAbsent(r.id(), r.simpleName());
            for (ProtocolJar.Registration r : j.classes()) {
                if (failures.containsKey(r.id())) continue;
                try {
                    add.invoke(null, r.id(), Class.forName(r.className(), false, loader));
                    classes.add(r.className());
                } catch (InvocationTargetException e) {
                    // the id is taken (the jar's own map, an earlier protocol jar): the first class keeps it
                    if (e.getCause() instanceof IllegalArgumentException) continue;
                    failures.put(r.id(), j.label() + ": " + r.simpleName() + " cannot be registered: " + e.getCause());
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    failures.put(r.id(), j.label() + ": " + r.simpleName() + " cannot be loaded: " + e);
                }
            }
        }
        return new ProtocolJarFacts(Map.copyOf(names), Map.copyOf(failures), Set.copyOf(classes));
    }
}
