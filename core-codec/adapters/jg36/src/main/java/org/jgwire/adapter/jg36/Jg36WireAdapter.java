package org.jgwire.adapter.jg36;

import java.lang.reflect.Constructor;
import org.jgroups.Header;
import org.jgroups.conf.ClassConfigurator;
import org.jgwire.adapter.classic.ClassicWireAdapter;
import org.jgwire.adapter.classic.HeaderFactory;

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
}
