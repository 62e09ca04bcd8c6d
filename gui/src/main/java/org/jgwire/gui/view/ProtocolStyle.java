package org.jgwire.gui.view;

import java.util.Locale;
import org.jgwire.codec.model.Record;
import org.jgwire.gui.model.RowText;

/**
 * The style class that colours a row: {@code proto-gms}, {@code proto-nakack2}, ... after the message's first
 * header; {@code proto-error} and {@code proto-gossip} for the other records. The colours are in viewer.css.
 */
final class ProtocolStyle {
    private ProtocolStyle() {}

    static String of(Record r) {
        String p = RowText.protocol(r).toLowerCase(Locale.ROOT);
        // NAKACK, NAKACK2, NAKACK4 share a colour; so do UNICAST*, FD*, PING and its relatives.
        if (p.startsWith("nakack")) p = "nakack";
        else if (p.startsWith("unicast")) p = "unicast";
        else if (p.startsWith("fd")) p = "fd";
        else if (p.endsWith("ping") || p.equals("mping")) p = "ping";
        else if (p.startsWith("frag")) p = "frag";
        else if (p.startsWith("merge")) p = "merge";
        return "proto-" + p.replaceAll("[^a-z0-9-]", "_");
    }
}
