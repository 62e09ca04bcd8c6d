package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.NodeAddress;

/**
 * RELAY2 and RELAY3 ({@code Relay2Header} to 5.2, {@code RelayHeader} from 5.2.17): a DATA message travels between
 * sites with its {@code original_sender}, a {@code SiteUUID} that carries its site (and, in every bundled jar, its
 * logical name); on the wire its sender is the member that forwarded it on that hop (a site master, or a member of the
 * bridge cluster). {@code RELAY2.deliver} hands it to the application as sent by the original sender, so the line names
 * that member and its site. Other types (SITES_UP, SITES_DOWN, TOPO_REQ...) are RELAY's own and get no line.
 */
final class RelayStep implements ReceiveStep {
    static final HeaderClass RELAY2 = HeaderClass.of("Relay2Header"), RELAY = HeaderClass.of("RelayHeader");

    @Override
    public Ascent up(Ascent up, HeaderRecord h) {
        if (!"DATA".equals(h.field("type")) || !(h.field("original_sender") instanceof NodeAddress sender)) return up;
        if (sender.site() == null) return up;
        String who = sender.name() != null ? sender.name() : sender.id();
        return up.with(
                up.message().transformedBy(h.protocol() + " relayed for " + who + " of site " + sender.site(), null));
    }
}
