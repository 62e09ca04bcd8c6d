package org.jgwire.adapter.classic;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.UnknownHeaders;

/** What the decoders of one thread share: the jar's identity, converters and caches. */
final class Context {
    final String jar;
    /** The jar's version: frames of another major are another wire format, never guessed at. */
    final JGroupsVersion version;

    final HeaderFactory factory;
    final Addresses addresses;
    final HeaderRecords headers;
    final Views views;
    final Discoveries discoveries;
    final FlagNames flagNames = new FlagNames();
    final Payloads payloads;
    /** Shared by the adapter's threads: headers no class reads, what the protocol jars registered. */
    final UnknownHeaders unknown;

    private final List<Record> late = new ArrayList<>(2);

    Context(String jar, JGroupsVersion version, HeaderFactory factory, Limits limits, UnknownHeaders unknown) {
        this.jar = jar;
        this.version = version;
        this.factory = factory;
        this.addresses = new Addresses(limits.maxCachedAddresses());
        this.views = new Views(addresses);
        this.discoveries = new Discoveries(addresses);
        this.payloads = new Payloads(limits);
        this.unknown = unknown;
        this.headers = new HeaderRecords(addresses, limits, unknown);
    }

    /** A problem found while building a record, reported right after that record. */
    void late(Record r) {
        late.add(r);
    }

    void flushLate(List<Record> out) {
        if (!late.isEmpty()) {
            out.addAll(late);
            late.clear();
        }
    }
}
