package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LimitsTest {
    /** Limits' equality is written out by hand: a component added later and left out of it must fail here. */
    @Test
    void everyComponentCountsInEqualityAndHash() throws ReflectiveOperationException {
        RecordComponent[] components = Limits.class.getRecordComponents();
        Constructor<Limits> canonical = Limits.class.getDeclaredConstructor(
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++)
            values[i] = components[i].getAccessor().invoke(Limits.DEFAULTS);
        Limits same = canonical.newInstance(values);
        assertEquals(Limits.DEFAULTS, same);
        assertEquals(Limits.DEFAULTS.hashCode(), same.hashCode());
        for (int i = 0; i < components.length; i++) {
            Object[] changed = values.clone();
            changed[i] = changed[i] instanceof Boolean b ? !b : (Integer) changed[i] + 1;
            Limits other = canonical.newInstance(changed);
            String name = components[i].getName();
            assertNotEquals(Limits.DEFAULTS, other, name + " does not count in equals");
            assertNotEquals(Limits.DEFAULTS.hashCode(), other.hashCode(), name + " does not count in hashCode");
        }
        assertNotEquals(Limits.DEFAULTS, null);
        assertNotEquals(Limits.DEFAULTS, "limits");
    }
}
