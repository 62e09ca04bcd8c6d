package org.jgwire.codec.runtime;

import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Implemented once per JGroups API family (3.6, 4.x, 5.x) in the adapter modules, compiled against that
 * family's jar and loaded at run time in a class loader of its own beside the jar of the frame's version.
 * The only code in jgwire that touches {@code org.jgroups}.
 */
public interface WireAdapter {
    /** Called once, right after the adapter is loaded. */
    void init(Limits limits);

    /**
     * Called once after {@link #init} when protocol jars ({@link ProtocolJars}) were registered beside the jar: their
     * protocols' names by id (the jar's {@code ClassConfigurator} knows a protocol id only by the class a protocol's
     * static initialiser adds, and that initialiser is not run) and the magic ids whose classes failed to register.
     */
    default void protocolJars(ProtocolJarFacts facts) {}

    /** The version of the JGroups jar this adapter runs on, e.g. {@code "5.5.7.Final"}. */
    String jgroupsVersion();

    /**
     * Decodes one frame into message, gossip and error records, in wire order. Never throws: bytes it cannot
     * decode become an {@link ErrorRecord}, and what was decoded before them is kept. Every offset in the records,
     * error records too, counts from the frame's first byte, {@code buf[off]}; inside the adapter a problem is a
     * {@link FrameProblem}, placed by its index in {@code buf}, and becomes an error record with
     * {@link FrameProblem#record}.
     */
    List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame);

    /**
     * Decodes one message serialized on its own by {@code Message.writeTo} (leading byte, flags, addresses, headers,
     * payload; no version nor frame flags before it), of the given message type: the original message inside a
     * reassembled FRAG4 {@code FragmentedMessage}, the one FRAG2/FRAG3 serialized when it had no byte array
     * ({@code needs_deserialization}, after its type short), the one SEQUENCER wraps in its FORWARD and WRAPPED_BCAST
     * messages, the one COMPRESS 5.x compressed whole. 3.6/4.x messages have no type: the adapters of those families
     * ignore {@code type}. Offsets in the records count from {@code off}. Never throws, as {@link #decode}.
     *
     * <p>The default answers with an error record.
     */
    /**
     * The view a GMS message of type {@code gmsType} (its name, e.g. {@code "VIEW"}, {@code "JOIN_RSP"}) carries in
     * its payload {@code buf[off, off+len)}, read by the jar's GMS code; null when that type carries none. For a
     * payload reassembled from FRAG2/FRAG3/FRAG4 byte ranges. May throw on bytes the jar rejects.
     */
    default ViewInfo decodeView(String gmsType, byte[] buf, int off, int len) throws Exception {
        return null;
    }

    default List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        return List.of(new ErrorRecord(
                frame,
                ProblemKind.UNSUPPORTED_VERSION,
                -1,
                "JGroups " + jgroupsVersion() + " does not serialize fragmented messages; no decoder for one"));
    }

    /**
     * Reads the body of an {@code EncryptHeader} (the bytes after its protocol and magic ids) with the jar's own
     * {@code EncryptHeader.readFrom}, for decryption by the stack step. Never throws: null when the jar has no such
     * header or the bytes are not one.
     */
    default EncryptHeaderFields readEncryptHeader(int magicId, byte[] buf, int off, int len) {
        return null;
    }

    /**
     * The length of the key block at the start of an ASYM_ENCRYPT {@code INSTALL_KEYS} payload {@code buf[off,
     * off+len)} (number of members, then per member its address, public key and encrypted shared key, as {@code
     * ASYM_ENCRYPT.unserializeAndInstallKeys} reads them), or -1 when the jar has no such block or the bytes are not
     * one. Never throws.
     */
    default int keyBlockLength(byte[] buf, int off, int len) {
        return -1;
    }
}
