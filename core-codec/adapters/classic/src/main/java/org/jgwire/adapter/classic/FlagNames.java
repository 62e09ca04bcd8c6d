package org.jgwire.adapter.classic;

import java.util.ArrayList;
import java.util.List;
import org.jgroups.Message;

/**
 * Names of the set message flags, taken from the running jar's {@code Message.Flag} (3.6 has SCOPED, 4.x
 * does not) and cached per flags value.
 */
final class FlagNames {
    private final Message.Flag[] flags = Message.Flag.values();

    @SuppressWarnings("unchecked")
    private final List<String>[] cache = new List[1 << 16];

    List<String> of(int value) {
        List<String> names = cache[value];
        if (names == null) {
            List<String> l = new ArrayList<>(2);
            int known = 0;
            for (Message.Flag f : flags) {
                int bit = f.value() & 0xFFFF;
                known |= bit;
                if ((value & bit) == bit && bit != 0) l.add(f.name());
            }
            if ((value & ~known) != 0) l.add("0x" + Integer.toHexString(value & ~known));
            cache[value] = names = List.copyOf(l);
        }
        return names;
    }
}
