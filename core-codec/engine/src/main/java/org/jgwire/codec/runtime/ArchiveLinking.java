package org.jgwire.codec.runtime;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Only in the run that makes the launcher's class-data archive ({@value #PROPERTY}{@code =true}): links, before the
 * JVM writes the archive at exit, every class a version's loader defined. The JVM archives a class of such a loader
 * only when it is linked, and JGroups' {@code ClassConfigurator} loads a hundred protocol classes that are never
 * linked; unarchived, each run parsed them again from their bytes. Linking verifies a class, which loads the classes
 * it refers to, so it runs when a loader closes, while its jars are still open (at exit, a closed loader could not
 * find them, and the class stayed out), and at exit for a loader that was never closed.
 */
final class ArchiveLinking {
    static final String PROPERTY = "jgwire.cds.dump";
    static final boolean ON = Boolean.getBoolean(PROPERTY);

    private static final Queue<Class<?>> DEFINED = new ConcurrentLinkedQueue<>();

    static {
        if (ON) Runtime.getRuntime().addShutdownHook(new Thread(ArchiveLinking::linkAll, "jgwire-archive-linking"));
    }

    private ArchiveLinking() {}

    static void defined(Class<?> c) {
        DEFINED.add(c);
    }

    /** Links the classes defined so far; called by a loader about to close its jars. */
    static void linkAll() {
        for (Class<?> c; (c = DEFINED.poll()) != null; ) {
            try {
                c.getDeclaredFields(); // the JVM links a class before it lists its fields; nothing is initialised
            } catch (LinkageError e) {
                // a class that cannot be linked (an optional library missing) stays out of the archive
            }
        }
    }
}
