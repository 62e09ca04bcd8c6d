package org.jgwire.adapter.classic;

import org.jgroups.Header;

/** Creates an empty header for a magic id, the one step whose API differs between 3.x and 4.x jars. */
public interface HeaderFactory {
    /** A new header of the class registered under {@code magic}, or null when the jar's magic map lacks it. */
    Header create(short magic) throws Exception;
}
