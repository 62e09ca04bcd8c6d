package org.jgwire.codec.runtime;

/** What frames of a version (or a jar) are decoded with: its {@link LoadedAdapter}, or why there is none. */
sealed interface AdapterSlot permits LoadedAdapter, AdapterSlot.Unsupported {
    /** No adapter; {@code reason} says why, with the option that helps, as the frames' error records say it. */
    record Unsupported(String reason) implements AdapterSlot {}
}
