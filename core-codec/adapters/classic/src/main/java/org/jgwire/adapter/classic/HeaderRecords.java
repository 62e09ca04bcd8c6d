package org.jgwire.adapter.classic;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Header;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TpHeader;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.runtime.HeaderBodyMemo;
import org.jgwire.codec.runtime.HeaderFieldReader;
import org.jgwire.codec.runtime.UnknownHeaders;

/** Builds {@link HeaderRecord}s from headers read by the jar; protocol names are looked up once per id. */
final class HeaderRecords {
    private final String[] protocolNames = new String[1 << 16];
    private final HeaderClass[] headerClasses = new HeaderClass[1 << 16];
    private final HeaderFieldReader fields;
    private final HeaderBodyMemo memos;
    private final boolean keepTexts;

    private final UnknownHeaders unknown;

    HeaderRecords(Addresses addresses, Limits limits, UnknownHeaders unknown) {
        this.unknown = unknown;
        this.keepTexts = limits.headerTexts();
        this.fields = new HeaderFieldReader(addresses::neutral, limits.maxHeaderFieldItems());
        this.memos = new HeaderBodyMemo(limits.maxMemoBody());
    }

    /** The protocol's simple class name from the jar's protocol-id map, or {@code id=<n>}. */
    String protocol(short id) {
        int i = id & 0xFFFF;
        String name = protocolNames[i];
        if (name == null) {
            Class<?> c = null;
            try {
                c = ClassConfigurator.getProtocol(id);
            } catch (RuntimeException e) {
                // unknown id: named by number below
            }
            protocolNames[i] =
                    name = c != null ? c.getSimpleName() : unknown.facts().protocolName(id);
        }
        return name;
    }

    /**
     * @param buf   the frame's bytes (for the TpHeader's cluster name)
     * @param start absolute position of the protocol id in {@code buf}
     * @param end   absolute position after the header body
     * @param base  absolute position of the frame's first byte
     */
    HeaderRecord record(short protocolId, short magic, Header hdr, byte[] buf, int start, int end, int base) {
        List<HeaderField> f;
        String text;
        HeaderBodyMemo.Remembered memo = memos.lookup(magic, buf, start + 4, end - start - 4);
        if (memo != null) {
            f = memo.fields();
            text = memo.text();
        } else {
            try {
                f = fields.read(hdr);
            } catch (RuntimeException e) {
                f = List.of();
            }
            if (hdr instanceof TpHeader) f = withClusterText(f, clusterOf(buf, start + 4, end));
            text = keepTexts ? text(hdr) : null;
            f = memos.remember(magic, buf, start + 4, end - start - 4, f, text);
        }
        return new HeaderRecord(
                protocolId & 0xFFFF,
                protocol(protocolId),
                magic & 0xFFFF,
                headerClass(magic, hdr),
                f,
                text,
                start - base,
                end - start);
    }

    /** The class of a header, looked up once per magic id (the magic map is fixed for a jar). */
    private HeaderClass headerClass(short magic, Header hdr) {
        int i = magic & 0xFFFF;
        HeaderClass c = headerClasses[i];
        if (c == null) headerClasses[i] = c = HeaderClass.of(hdr.getClass().getSimpleName());
        return c;
    }

    private static String text(Header hdr) {
        try {
            return String.valueOf(hdr);
        } catch (RuntimeException e) {
            return hdr.getClass().getSimpleName() + " (toString failed: " + e + ")";
        }
    }

    /**
     * The cluster name of a TpHeader body: {@code u16 length (-1 = null) + ASCII bytes}
     * ({@code TpHeader.writeTo}, the same in 3.x and 4.x; 3.6 has no getter for it).
     */
    static String clusterOf(byte[] buf, int body, int end) {
        if (end - body < 2) return null;
        short len = (short) ((buf[body] & 0xFF) << 8 | buf[body + 1] & 0xFF);
        if (len < 0 || len > end - body - 2) return null;
        return new String(buf, body + 2, len, StandardCharsets.ISO_8859_1);
    }

    /** HeaderFieldReader shows a byte[] as its size; the cluster name is text. */
    private static List<HeaderField> withClusterText(List<HeaderField> f, String cluster) {
        List<HeaderField> out = new ArrayList<>(f.size());
        for (HeaderField h : f) out.add(h.name().equals("cluster_name") ? new HeaderField(h.name(), cluster) : h);
        return out;
    }
}
