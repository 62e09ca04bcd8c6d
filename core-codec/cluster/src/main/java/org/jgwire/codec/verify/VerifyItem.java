package org.jgwire.codec.verify;

/**
 * One thing checked.
 *
 * @param category {@code message}, {@code load}, {@code name}, {@code view}, {@code rpc}, {@code large}, {@code merge}
 *                 or {@code decode}
 * @param item     what was expected, e.g. {@code 'chat A#1 to all' A -> all} or {@code A 1c28b72c-...}
 * @param outcome  how the capture compares
 * @param detail   what was found, e.g. {@code 1 of 2 copies}; never null
 */
public record VerifyItem(String category, String item, Outcome outcome, String detail) {}
