package org.jgwire.output.table;

/** A message row's payload: length, its text when it is text, its class, and its first bytes in lower-case hex. */
public record PayloadCell(Long length, String text, String className, String hex) {}
