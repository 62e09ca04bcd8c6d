package org.jgwire.codec.model;

/**
 * A JGroups address, neutral of any JGroups version.
 *
 * @param id   stable identity used as the key for logical names: the UUID in standard form
 *             ({@code 8-4-4-4-12} hex, as {@code UUID.toStringLong()} prints it), or {@code ip:port}
 *             for an IpAddress
 * @param kind which class the address was ({@code UUID}, {@code ExtendedUUID}, {@code SiteUUID},
 *             {@code SiteMaster}, {@code IpAddress} or the simple class name of any other)
 * @param name a logical name carried inside the address itself (SiteUUID 5.2.17+), else null
 * @param site the site of a SiteUUID / SiteMaster, else null
 */
public record NodeAddress(String id, String kind, String name, String site) {
    public static NodeAddress uuid(String id) {
        return new NodeAddress(id, "UUID", null, null);
    }

    @Override
    public String toString() {
        return id;
    }
}
