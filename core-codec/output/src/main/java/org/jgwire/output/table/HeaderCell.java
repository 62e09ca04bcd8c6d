package org.jgwire.output.table;

import java.nio.charset.StandardCharsets;

/**
 * One header of a message row: its protocol, header class, fields as the JSON object JSON Lines writes (they differ
 * per header class, so they stay JSON; kept in UTF-8, as writers copy them), and where it sits in the message.
 */
public record HeaderCell(String protocol, String header, byte[] fieldsJsonUtf8, Long offset, Long length) {
    /** The fields' JSON as a string. */
    public String fieldsJson() {
        return fieldsJsonUtf8 == null ? null : new String(fieldsJsonUtf8, StandardCharsets.UTF_8);
    }
}
