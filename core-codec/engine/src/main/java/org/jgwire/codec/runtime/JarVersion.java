package org.jgwire.codec.runtime;

import org.jgwire.codec.model.JGroupsVersion;

/** The version of a loaded JGroups jar, as the adapters and the user's jar probe read it. */
public final class JarVersion {
    private JarVersion() {}

    /**
     * The version of the jar whose {@code org.jgroups.Version} is {@code versionClass}: its static {@code version}
     * short, the one it writes at the start of every frame (3.x to 5.x), read by reflection so that no value of the
     * jar an adapter was compiled against is inlined.
     *
     * @throws ReflectiveOperationException when the class has no such field
     */
    public static JGroupsVersion of(Class<?> versionClass) throws ReflectiveOperationException {
        return JGroupsVersion.valueOf(versionClass.getField("version").getShort(null));
    }
}
