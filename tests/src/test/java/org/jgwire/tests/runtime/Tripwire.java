package org.jgwire.tests.runtime;

/**
 * A class any code on jgwire's class path could name, and no frame may: initialising it leaves a system property
 * behind, which a test reads without touching the class ({@link #INITIALISED} is a constant, copied at compile time).
 */
public final class Tripwire {
    static final String INITIALISED = "jgwire.tests.tripwire";

    static {
        System.setProperty(INITIALISED, "initialised");
    }

    public Tripwire() {}
}
