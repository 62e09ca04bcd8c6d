package org.jgwire.codec.cluster;

import org.jgwire.codec.model.ViewIdText;

/** One line for a user per event worth telling while a cluster runs (members, views, steps, leaves, errors). */
final class ProgressLines {
    private ProgressLines() {}

    /** The line for {@code e}, or null when it is not worth a line (messages: the manifest has them). */
    static String describe(NodeEvent e) {
        return switch (e.event()) {
            case "started" -> "member " + e.node() + " started: uuid " + e.text("uuid") + ", physical "
                    + e.text("physical") + ", JGroups " + e.text("version");
            case "view" -> e.node() + " installed " + (e.list("subgroups").isEmpty() ? "view " : "merge view ")
                    + ViewIdText.of(e.text("creator"), e.number("id")) + " " + e.list("members")
                    + (e.list("subgroups").isEmpty() ? "" : " of subgroups " + e.list("subgroups"));
            case "step" -> "runner: " + e.text("action") + " "
                    + (e.list("members").isEmpty() ? e.list("groups") : e.list("members"));
            case "left" -> e.node() + " left";
            case "error" -> e.node() + " failed: " + e.text("message");
            case "rpc-called" -> e.node() + " called echo(\"" + e.text("text") + "\"): " + e.list("replies");
            case "large-sent" -> e.node() + " sent " + e.number("size") + " bytes (" + e.text("head") + ") to "
                    + (e.text("to") == null ? "all" : e.text("to"));
            default -> null;
        };
    }
}
