package org.jgwire.cli;

import java.io.IOException;

/**
 * An input that holds nothing to decode (an empty file, text that is not hex lines): one line naming the file, exit
 * code 1, instead of an error record per line.
 */
final class NotACaptureException extends IOException {
    NotACaptureException(String message) {
        super(message);
    }
}
