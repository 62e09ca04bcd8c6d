package org.jgwire.adapter.jg36;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.lang.reflect.Constructor;
import org.jgroups.Header;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgwire.adapter.classic.ClassicWireAdapter;
import org.jgwire.adapter.classic.HeaderFactory;
import org.jgwire.codec.runtime.EncryptHeaderFields;

/**
 * Decodes JGroups 3.5 and 3.6 frames with the running 3.x jar (compiled against 3.6.20). 3.x has no
 * {@code ClassConfigurator.create}: {@code Message.readHeader} looks the class up with
 * {@code ClassConfigurator.get(magic)} and instantiates it, which is done here with the constructor cached
 * per magic id so that no reflective lookup happens per message.
 */
public final class Jg36WireAdapter extends ClassicWireAdapter {
    @Override
    protected HeaderFactory headerFactory() {
        Constructor<?>[] ctors = new Constructor<?>[1 << 16];
        return magic -> {
            int i = magic & 0xFFFF;
            Constructor<?> c = ctors[i];
            if (c == null) {
                Class<?> clazz = ClassConfigurator.get(magic);
                if (clazz == null || !Header.class.isAssignableFrom(clazz)) return null;
                c = clazz.getDeclaredConstructor();
                c.setAccessible(true);
                ctors[i] = c;
            }
            return (Header) c.newInstance();
        };
    }

    /** 3.x GossipData has no {@code sender} (added in 4.0). */
    @Override
    protected boolean gossipCarriesSender() {
        return false;
    }

    /**
     * SYM_ENCRYPT/ASYM_ENCRYPT's header read by the jar ({@code EncryptHeader.readFrom}): type {@code ENCRYPT} marks
     * an encrypted message; the signature is there only when the whole message was encrypted ({@code
     * EncryptBase.encryptAndSend}). Old ENCRYPT's header is another class: null.
     */
    @Override
    public EncryptHeaderFields readEncryptHeader(int magicId, byte[] buf, int off, int len) {
        try {
            if (ClassConfigurator.get((short) magicId) != EncryptHeader.class) return null;
            EncryptHeader h = new EncryptHeader();
            h.readFrom(new DataInputStream(new ByteArrayInputStream(buf, off, len)));
            return new EncryptHeaderFields(
                    h.type() == EncryptHeader.ENCRYPT, h.version(), null, h.signature(), false, false);
        } catch (Exception | LinkageError e) {
            return null;
        }
    }
}
