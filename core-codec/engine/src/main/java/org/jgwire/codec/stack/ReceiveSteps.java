package org.jgwire.codec.stack;

import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderClass;

/**
 * The receive steps by the header class they act on, as Wireshark's dissector tables find a dissector by a key: the
 * stack step asks this table for each header of a message, and a protocol is added by its class and one line in
 * {@link #standard}. A header class indexes an array: asking costs no allocation and no hashing, which matters as every
 * header of every message is asked about.
 */
final class ReceiveSteps {
    private ReceiveStep[] byClass = new ReceiveStep[0];

    /** The steps of one capture (the encryption step remembers the problems it reported). */
    static ReceiveSteps standard(Limits limits, Decryptor decryptor) {
        return new ReceiveSteps()
                .add(new CompressStep(limits), HeaderClass.COMPRESS)
                .add(new SequencerStep(), HeaderClass.SEQUENCER)
                .add(new EncryptStep(limits, decryptor), HeaderClass.ENCRYPT)
                .add(new ForkStep(), HeaderClass.FORK)
                .add(new RelayStep(), RelayStep.RELAY2, RelayStep.RELAY);
    }

    /** Registers {@code step} for headers of each of {@code classes}. */
    ReceiveSteps add(ReceiveStep step, HeaderClass... classes) {
        for (HeaderClass c : classes) {
            if (c.index() >= byClass.length) byClass = Arrays.copyOf(byClass, c.index() + 1);
            if (byClass[c.index()] != null) throw new IllegalStateException("two receive steps for " + c);
            byClass[c.index()] = step;
        }
        return this;
    }

    /** The step for headers of class {@code c}, or null when no protocol of the table acts on them. */
    ReceiveStep of(HeaderClass c) {
        int i = c.index();
        return i < byClass.length ? byClass[i] : null;
    }
}
