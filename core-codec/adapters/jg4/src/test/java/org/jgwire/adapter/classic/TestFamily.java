package org.jgwire.adapter.classic;

import org.jgroups.protocols.TP;
import org.jgwire.adapter.jg4.Jg4WireAdapter;
import org.jgwire.codec.Limits;
import org.jgwire.codec.runtime.WireAdapter;

/** What the shared tests in ../classic/src/test need to know about this module's family. */
final class TestFamily {
    /** The version short of frames written by the test class path's jar, as MessageRecord.version gives it. */
    static final String WIRE_VERSION = "4.2.30";

    static final String JAR = "4.2.30.Final";
    /** 4.x transports put their TpHeader under TP's protocol id (TP.getId()), whatever the transport. */
    static final Class<?> TRANSPORT = TP.class;

    static final String TRANSPORT_NAME = "TP";
    static final boolean GOSSIP_HAS_SENDER = true;

    static WireAdapter adapter() {
        return adapter(Limits.DEFAULTS);
    }

    static WireAdapter adapter(Limits limits) {
        WireAdapter a = new Jg4WireAdapter();
        a.init(limits);
        return a;
    }

    private TestFamily() {}
}
