package org.jgwire.codec.model;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The class of a header, by its simple name from the jar's magic map ({@code GmsHeader}, {@code CompressHeader}).
 * Interned: one instance per name, so two are the same class exactly when they are the same object, and code that
 * acts on a header class compares it with {@code ==} against the constants here. A simple name is all a header record
 * carries, so classes that share one are one header class: {@code HeartbeatHeader} of FD_ALL, FD_ALL2, FD_ALL3 and
 * FailureDetection; {@code FdHeader} of FD_SOCK and FD_SOCK2; {@code Header} of RequestCorrelator and 3.6's UNICAST3
 * (the record's protocol tells them apart).
 *
 * <p>Names come from the jars' magic maps (a few hundred classes) and from filters; they are never dropped.
 */
public final class HeaderClass {
    private static final ConcurrentHashMap<String, HeaderClass> BY_NAME = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_INDEX = new AtomicInteger();

    /** No class name known (an anonymous class has an empty simple name too). */
    public static final HeaderClass UNKNOWN = of("");

    public static final HeaderClass COMPRESS = of("CompressHeader");
    public static final HeaderClass SEQUENCER = of("SequencerHeader");
    /** SYM_ENCRYPT's and ASYM_ENCRYPT's. */
    public static final HeaderClass ENCRYPT = of("EncryptHeader");

    public static final HeaderClass FORK = of("ForkHeader");
    /** FRAG2's and FRAG4's (and FRAG's). */
    public static final HeaderClass FRAG = of("FragHeader");

    public static final HeaderClass FRAG3 = of("Frag3Header");
    public static final HeaderClass GMS = of("GmsHeader");
    /** The flow controls' (MFC, UFC and their non-blocking forms). */
    public static final HeaderClass FC = of("FcHeader");
    /** FD_ALL's, FD_ALL2's, FD_ALL3's ({@code FailureDetection}'s in 5.x). */
    public static final HeaderClass HEARTBEAT = of("HeartbeatHeader");
    /** FD_SOCK's and FD_SOCK2's. */
    public static final HeaderClass FD_SOCK = of("FdHeader");

    public static final HeaderClass VERIFY_SUSPECT = of("VerifyHeader");
    public static final HeaderClass PING = of("PingHeader");
    /** MERGE3's (INFO with the sender's view id, VIEW_REQ, VIEW_RSP). */
    public static final HeaderClass MERGE3 = of("MergeHeader");
    /** RequestCorrelator's request and response header; also 3.6's UNICAST3 header, whose simple name it shares. */
    public static final HeaderClass RPC = of("Header");
    /** RequestCorrelator's header of a request to several members. */
    public static final HeaderClass RPC_MULTI = of("MultiDestinationHeader");

    private final String name;
    private final int index;

    private HeaderClass(String name, int index) {
        this.name = name;
        this.index = index;
    }

    /** The header class of that simple name; {@link #UNKNOWN} for null. Never null. */
    public static HeaderClass of(String name) {
        if (name == null) return UNKNOWN;
        HeaderClass c = BY_NAME.get(name);
        return c != null ? c : BY_NAME.computeIfAbsent(name, n -> new HeaderClass(n, NEXT_INDEX.getAndIncrement()));
    }

    /** The simple class name, as the writers print it. */
    public String name() {
        return name;
    }

    /**
     * A small number of its own, counted from 0 in the order classes were first named (the constants here first): an
     * index into per-class tables.
     */
    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return name;
    }
}
