package org.jgwire.codec.stack;

import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.runtime.EncryptHeaderFields;

/**
 * SYM_ENCRYPT, ASYM_ENCRYPT ({@code EncryptHeader}): the payload decrypted ({@link Decryptor}) with the key of the
 * header's version when the user gave it; the decrypted bytes are the payload, or a whole message (5.x
 * {@code needs_deserialization}, 3.6 {@code encrypt_entire_message}) decoded by the jar. Without the key the message
 * is shown as it travelled, with a line saying so; a key given but not matching, or a failed decryption, is one error
 * record per distinct problem. One instance per capture.
 */
final class EncryptStep implements ReceiveStep {
    private static final String UNREAD_HEADER =
            "the jar of its version read no EncryptHeader it knows (3.6's old ENCRYPT is not decrypted)";
    /** Distinct decryption problems remembered; beyond them every one is reported (the map stays bounded). */
    private static final int MAX_REPORTED = 1024;

    private final Limits limits;
    private final Decryptor decryptor;
    /** Decryption problems reported already, with the frame of their error record. */
    private final Map<String, Long> reported = new HashMap<>();

    EncryptStep(Limits limits, Decryptor decryptor) {
        this.limits = limits;
        this.decryptor = decryptor;
    }

    /**
     * The message with its payload decrypted (the bytes where they were when nothing was encrypted: a key exchange),
     * or null when it is shown already (it carried a serialized message, or stays encrypted).
     */
    @Override
    public Ascent up(Ascent up, HeaderRecord h) {
        MessageRecord m = up.message();
        MessageBytes bytes = up.bytes();
        // Encrypt._decrypt: a message without payload is passed on as it is
        if (m.payload() == null || m.payload().length() == 0) return up;
        EncryptHeaderFields f = decryptor.fields(m, h, up.hbuf(), up.hbase());
        if (f != null && f.installKeys()) {
            Ascent rest = installKeys(up, h, f.version() == null);
            if (rest == null) return up; // keys that cannot be walked: as it travelled
            // no key version: sent before the sender had a key (a JOIN_REQ), in clear
            if (f.version() == null || rest.bytes().length() == 0) return rest;
            // ASYM_ENCRYPT.up: what follows the keys was encrypted as any message (Encrypt.up decrypts it)
            m = rest.message();
            bytes = rest.bytes();
        } else if (f != null && !f.encrypted()) return up; // a key exchange (ASYM_ENCRYPT)
        String what = h.protocol() + ": " + m.payload().length() + " bytes encrypted"
                + (f != null ? " with key version " + Decryptor.hex(f.version()) : "");
        if (!decryptor.hasKeys()) {
            up.deliver(m.transformedBy(what + ", not decrypted (no key given)", null));
            return null;
        }
        Decryptor.Result r = m.isReassembled()
                ? new Decryptor.Result(
                        null,
                        "its fragments were encrypted one by one (FRAG sits above " + h.protocol()
                                + "); --no-reassemble shows each fragment decrypted")
                : f == null || !bytes.available()
                        ? new Decryptor.Result(null, f == null ? UNREAD_HEADER : "its payload's bytes are not in hand")
                        : decryptor.decrypt(f, bytes.buf(), bytes.start(), bytes.length());
        if (r.bytes() == null) {
            Long first = reported.get(r.problem());
            up.deliver(m.transformedBy(
                    what + ", not decrypted: " + r.problem()
                            + (first != null ? " (reported at frame " + first + ")" : ""),
                    null));
            if (first == null) {
                if (reported.size() < MAX_REPORTED)
                    reported.put(r.problem(), m.frame().packet());
                up.deliver(
                        StackStep.problem(m, ProblemKind.MALFORMED, h.protocol() + " not decrypted: " + r.problem()));
            }
            return null;
        }
        String step = h.protocol() + " decrypted " + bytes.length() + "->" + r.bytes().length + " (key version "
                + Decryptor.hex(f.version()) + ")";
        if (f.wholeMessage()) {
            // Encrypt._decrypt: Util.messageFromBuffer (5.x) / Util.streamableFromBuffer (3.6) of the plaintext
            MessageRecord carrier = m.transformedBy(step + " into a serialized message", null);
            up.deliver(carrier);
            up.unwrap(carrier, MessageBytes.payload(r.bytes()), h, step);
            return null;
        }
        MessageRecord decrypted =
                decryptor.withView(m.transformedBy(step, PayloadBytes.of(r.bytes(), limits)), r.bytes());
        return up.with(decrypted, MessageBytes.payload(r.bytes()));
    }

    /**
     * ASYM_ENCRYPT INSTALL_KEYS ({@code removeKeysFromMessageAndInstall}): the members' keys are taken off the
     * payload; what follows is the message's own payload: encrypted when the header has a key version, else in clear
     * (a view then read by the jar). Null when the keys cannot be walked.
     */
    private Ascent installKeys(Ascent up, HeaderRecord h, boolean clear) {
        MessageRecord m = up.message();
        MessageBytes bytes = up.bytes();
        byte[] rest = bytes.available() ? decryptor.afterKeys(m, bytes.buf(), bytes.start(), bytes.length()) : null;
        if (rest == null) return null;
        MessageRecord taken = m.transformedBy(
                h.protocol() + " INSTALL_KEYS: " + (bytes.length() - rest.length) + " bytes of member keys taken off",
                PayloadBytes.of(rest, limits));
        return up.with(clear && rest.length > 0 ? decryptor.withView(taken, rest) : taken, MessageBytes.payload(rest));
    }
}
