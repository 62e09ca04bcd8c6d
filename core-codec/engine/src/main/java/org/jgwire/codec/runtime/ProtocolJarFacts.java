package org.jgwire.codec.runtime;

import java.util.Map;
import java.util.Set;

/**
 * What the protocol jars loaded beside a JGroups jar registered there ({@link ProtocolRegistrar}), for the adapter.
 *
 * @param protocolNames protocol id to the protocol's simple class name, for the ids the jars register
 * @param failures      magic id to why its class could not be registered (the frames' errors say so)
 * @param classes       the binary names of the classes registered from the jars
 */
public record ProtocolJarFacts(Map<Short, String> protocolNames, Map<Short, String> failures, Set<String> classes) {
    public static final ProtocolJarFacts NONE = new ProtocolJarFacts(Map.of(), Map.of(), Set.of());

    /** The registered name of protocol {@code id}, or {@code id=<n>} with the third party's name when it is known. */
    public String protocolName(short id) {
        String name = protocolNames.get(id);
        if (name != null) return name;
        String known = ThirdPartyIds.protocol(id & 0xFFFF);
        return "id=" + (id & 0xFFFF) + (known != null ? " (" + known + ")" : "");
    }
}
