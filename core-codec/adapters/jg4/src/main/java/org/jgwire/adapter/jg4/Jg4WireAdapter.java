package org.jgwire.adapter.jg4;

import org.jgroups.Header;
import org.jgroups.conf.ClassConfigurator;
import org.jgwire.adapter.classic.ClassicWireAdapter;
import org.jgwire.adapter.classic.HeaderFactory;

/**
 * Decodes JGroups 4.0 to 4.2 frames with the running 4.x jar. Compiled against 4.2.30; every JGroups method it
 * calls has the same erased signature in 4.0.24 and 4.1.10 (only {@code ClassConfigurator.create}'s declared
 * exception differs: {@code Exception} in 4.0, {@code ClassNotFoundException} later, so both are caught as
 * Exception), hence no version checks.
 */
public final class Jg4WireAdapter extends ClassicWireAdapter {
    @Override
    protected HeaderFactory headerFactory() {
        return Jg4WireAdapter::create;
    }

    /** 4.x keeps a supplier per magic id ({@code ClassConfigurator.create}); an unknown id throws. */
    private static Header create(short magic) throws Exception {
        return ClassConfigurator.create(magic);
    }

    /** {@code GossipData.sender} exists since 4.0. */
    @Override
    protected boolean gossipCarriesSender() {
        return true;
    }
}
