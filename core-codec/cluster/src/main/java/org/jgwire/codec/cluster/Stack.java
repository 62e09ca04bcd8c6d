package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The stock stacks the runner can build a cluster on. Each has one XML template per API family. */
public enum Stack {
    /** UDP multicast on a 239.255/16 group with ip_ttl=0, discovery by PING. */
    UDP,
    /** TCP, discovery by TCPPING over the members' own loopback ports. */
    TCP,
    /** TUNNEL through a GossipRouter that the runner starts on 127.0.0.1. */
    TUNNEL,
    /** TCP_NIO2 (the NIO.2 TCP transport, same wire as TCP), discovery by TCPPING. */
    TCP_NIO,
    /**
     * udp with SYM_ENCRYPT (AES-128) below NAKACK2: every message above it is encrypted with a key from a JCEKS
     * keystore generated for each run. In every bundled version (SYM_ENCRYPT exists since 3.6.x).
     */
    ENCRYPT,
    /**
     * Two sites, {@code lon} (the first half of the members) and {@code nyc}, each a tcp cluster with RELAY2 on
     * top; the site masters (each site's coordinator) bridge them over a tcp cluster on two more loopback ports.
     */
    RELAY2;

    /** Names a stack XML the JGroups jar under test ships: {@code jgroups:udp.xml} (see {@link UserStack}). */
    public static final String SHIPPED_PREFIX = "jgroups:";

    /** The sites of the {@code relay2} stack. */
    static final List<String> SITES = List.of("lon", "nyc");

    /**
     * The name used in specs, file names and templates: {@code udp}, {@code tcp}, {@code tunnel}, {@code tcp-nio}, ...
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The template file's stem. */
    String templateId() {
        return id();
    }

    /** Whether the wire is UDP (else TCP). */
    boolean udp() {
        return this == UDP || this == ENCRYPT;
    }

    /** Every stack's name, for error messages and help. */
    public static List<String> ids() {
        List<String> out = new ArrayList<>();
        for (Stack s : values()) out.add(s.id());
        return out;
    }

    public static Stack of(String id) {
        for (Stack s : values()) if (s.id().equals(id)) return s;
        throw new IllegalArgumentException(
                "unknown stack '" + id + "' (known: " + String.join(", ", ids()) + ", or a stack XML file)");
    }
}
