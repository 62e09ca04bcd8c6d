package org.jgwire.output;

import java.util.Arrays;

/**
 * A small direct-mapped cache keyed by object identity: the same instances (addresses, type names) come back record
 * after record, and an identity check costs less than hashing them. A collision only evicts; fixed size.
 */
final class IdentityMemo<K, V> {
    private static final int SIZE = 1024;
    private final Object[] keys = new Object[SIZE];
    private final Object[] values = new Object[SIZE];

    @SuppressWarnings("unchecked")
    V get(K key) {
        int i = System.identityHashCode(key) & (SIZE - 1);
        return keys[i] == key ? (V) values[i] : null;
    }

    void put(K key, V value) {
        int i = System.identityHashCode(key) & (SIZE - 1);
        keys[i] = key;
        values[i] = value;
    }

    void clear() {
        Arrays.fill(keys, null);
        Arrays.fill(values, null);
    }
}
