package org.jgwire.codec.model;

/**
 * One field of a header, named as in the JGroups class.
 *
 * @param value a {@link String}, {@link Long}, {@link Integer}, {@link Short}, {@link Byte}, {@link Boolean},
 *              {@link Double}, {@link NodeAddress} or a {@link java.util.List} of those; null when the field was
 *              null. Enumerations and type codes are given as their names (e.g. {@code "MSG"}).
 */
public record HeaderField(String name, Object value) {}
