package org.jgwire.adapter.jg4;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import org.jgroups.Header;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.util.ByteArrayDataInputStream;
import org.jgroups.util.Util;
import org.jgwire.adapter.classic.ClassicWireAdapter;
import org.jgwire.adapter.classic.HeaderFactory;
import org.jgwire.codec.runtime.EncryptHeaderFields;

/**
 * Decodes JGroups 4.0 to 4.2 frames with the running 4.x jar. Compiled against 4.2.30; every JGroups method it
 * calls has the same erased signature in 4.0.24 and 4.1.10 (only {@code ClassConfigurator.create}'s declared
 * exception differs: {@code Exception} in 4.0, {@code ClassNotFoundException} later, so both are caught as
 * Exception), hence no version checks.
 */
public final class Jg4WireAdapter extends ClassicWireAdapter {
    @Override
    protected HeaderFactory headerFactory() {
        return Jg4WireAdapter::create;
    }

    /** 4.x keeps a supplier per magic id ({@code ClassConfigurator.create}); an unknown id throws. */
    private static Header create(short magic) throws Exception {
        return ClassConfigurator.create(magic);
    }

    /** {@code GossipData.sender} exists since 4.0. */
    @Override
    protected boolean gossipCarriesSender() {
        return true;
    }

    /**
     * SYM_ENCRYPT/ASYM_ENCRYPT's header read by the jar ({@code EncryptHeader.readFrom}): type 0 marks an encrypted
     * message ({@code Encrypt.encrypt}); the IV exists since 4.2 ({@code iv()} is missing from older jars).
     */
    @Override
    public EncryptHeaderFields readEncryptHeader(int magicId, byte[] buf, int off, int len) {
        try {
            if (!(ClassConfigurator.create((short) magicId) instanceof EncryptHeader h)) return null;
            h.readFrom(new DataInputStream(new ByteArrayInputStream(buf, off, len)));
            return new EncryptHeaderFields(
                    h.type() == 0, h.version(), iv(h), null, false, h.type() == EncryptHeader.INSTALL_KEYS);
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    private static byte[] iv(EncryptHeader h) {
        try {
            return h.iv();
        } catch (NoSuchMethodError e) { // 4.0, 4.1: no IV
            return null;
        }
    }

    /** ASYM_ENCRYPT's key block, walked as {@code unserializeAndInstallKeys} reads it (lengths checked first). */
    @Override
    public int keyBlockLength(byte[] buf, int off, int len) {
        try {
            ByteArrayDataInputStream in = new ByteArrayDataInputStream(buf, off, len);
            int members = in.readInt();
            if (members < 0 || members > len) return -1;
            for (int i = 0; i < members; i++) {
                Util.readAddress(in);
                for (int k = 0; k < 2; k++) { // public key, encrypted shared key
                    int n = in.readInt();
                    if (n < 0 || n > off + len - in.position()) return -1;
                    in.position(in.position() + n);
                }
            }
            return in.position() - off;
        } catch (Exception | LinkageError e) {
            return -1;
        }
    }
}
