package org.jgwire.output.table;

/**
 * One header of a message row: its protocol, header class, fields as the JSON object JSON Lines writes (they differ
 * per header class, so they stay JSON), and where it sits in the message.
 */
public record HeaderCell(String protocol, String header, String fieldsJson, Long offset, Long length) {}
