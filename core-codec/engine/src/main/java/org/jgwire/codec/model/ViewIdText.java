package org.jgwire.codec.model;

/** How a view id reads everywhere jgwire shows one: {@code creator|counter}, as JGroups' {@code ViewId} prints it. */
public final class ViewIdText {
    private ViewIdText() {}

    /** {@code creator|id}; {@code creator} is already in the form the caller shows (a logical name, an id, "?"). */
    public static String of(String creator, long id) {
        return creator + "|" + id;
    }
}
