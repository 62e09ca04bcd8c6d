package org.jgwire.adapter.classic;

import org.jgroups.protocols.UDP;
import org.jgwire.adapter.jg36.Jg36WireAdapter;
import org.jgwire.codec.Limits;
import org.jgwire.codec.runtime.WireAdapter;

/** What the shared tests in ../classic/src/test need to know about this module's family. */
final class TestFamily {
    /** The version short of frames written by the test class path's jar, as MessageRecord.version gives it. */
    static final String WIRE_VERSION = "3.6.20";

    static final String JAR = "3.6.20.Final";
    /** 3.x transports put their TpHeader under their own protocol id. */
    static final Class<?> TRANSPORT = UDP.class;

    static final String TRANSPORT_NAME = "UDP";
    static final boolean GOSSIP_HAS_SENDER = false;

    static WireAdapter adapter() {
        return adapter(Limits.DEFAULTS);
    }

    static WireAdapter adapter(Limits limits) {
        WireAdapter a = new Jg36WireAdapter();
        a.init(limits);
        return a;
    }

    private TestFamily() {}
}
