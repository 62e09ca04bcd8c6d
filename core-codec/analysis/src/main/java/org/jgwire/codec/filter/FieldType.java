package org.jgwire.codec.filter;

/** What a field holds, which decides the operators and literals it accepts. */
enum FieldType {
    /** An integer: all comparisons and {@code in} with numbers. */
    NUMBER("a number"),
    /** Capture time in epoch seconds ({@code ts >= 1700000000.5} or an ISO instant string). */
    TIMESTAMP("a time in epoch seconds"),
    /** Seconds since the first record's time ({@code time >= 2.5s}, {@code 300ms}). */
    DURATION("a time since the first record"),
    /** A JGroups version, compared on the parts the literal gives ({@code version >= 5.3}). */
    VERSION("a version"),
    /** Text: {@code == != contains matches in}. */
    TEXT("text"),
    /** A member: compared with its logical name and with its address ({@code src == "node-3"}). */
    ADDRESS("a member"),
    /** True or false: alone, negated, or {@code == true}. */
    BOOLEAN("true or false"),
    /** A list of texts: {@code contains matches in} (true when any element matches). */
    TEXT_LIST("a list"),
    /** A list of members: {@code contains matches in}, like {@link #ADDRESS} per element. */
    ADDRESS_LIST("a list of members"),
    /** A message's payload bytes: alone (not empty) or {@code contains} (see {@link PayloadMatch}). */
    PAYLOAD("the payload's bytes"),
    /** Present or not, alone only: a protocol's header, {@code view}. */
    PRESENCE("a presence test"),
    /** A header field: its value decides at run time how it compares. */
    HEADER_FIELD("a header field");

    final String description;

    FieldType(String description) {
        this.description = description;
    }
}
