package org.jgwire.codec.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import org.jgwire.codec.model.Endpoint;
import org.junit.jupiter.api.Test;

/**
 * Lookups while frames are decoded ahead: answered at once where the frames in flight cannot change the answer, with
 * the recency order (and so what a full table forgets) that of a decode on one thread.
 */
class JGroupsEndpointsTest {
    private static final Endpoint A = e(1), B = e(2), C = e(3), D = e(4), E = e(5), F = e(6), X = e(9);

    private static Endpoint e(int host) {
        return new Endpoint("10.0.0." + host, 7800);
    }

    /** Frames in flight and lookups waiting for their turn, delivered on catch-up. */
    private static final class InFlight implements JGroupsEndpoints.Ahead {
        final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        int catchUps;

        @Override
        public void catchUp() {
            catchUps++;
            while (!queue.isEmpty()) queue.poll().run();
        }

        @Override
        public void inTurn(Runnable lookup) {
            queue.add(lookup);
        }
    }

    private final InFlight inFlight = new InFlight();

    /** A frame between {@code src} and {@code dst} goes ahead; it carries JGroups. */
    private static void ahead(JGroupsEndpoints endpoints, InFlight inFlight, Endpoint src, Endpoint dst) {
        endpoints.expect(src, dst);
        inFlight.queue.add(() -> endpoints.delivered(src, dst, true));
    }

    @Test
    void aLookupTheFramesInFlightCannotChangeIsAnsweredWithoutWaiting() {
        JGroupsEndpoints endpoints = new JGroupsEndpoints(16);
        endpoints.decodingAhead(inFlight);
        endpoints.carried(A, B);
        ahead(endpoints, inFlight, C, D);
        assertTrue(endpoints.either(A, X), "known before: stays known");
        assertFalse(endpoints.either(X, e(10)), "no frame in flight may teach these");
        assertEquals(0, inFlight.catchUps);
    }

    @Test
    void aLookupWaitsOnlyForAFrameInFlightThatMayTeachItsEndpoint() {
        JGroupsEndpoints endpoints = new JGroupsEndpoints(16);
        endpoints.decodingAhead(inFlight);
        ahead(endpoints, inFlight, C, D);
        assertFalse(endpoints.none(), "a frame in flight may teach");
        assertTrue(endpoints.either(X, D));
        assertEquals(1, inFlight.catchUps);
    }

    @Test
    void whatAFullTableForgetsIsWhatADecodeOnOneThreadForgets() {
        JGroupsEndpoints oneThread = new JGroupsEndpoints(4);
        oneThread.carried(A, B);
        oneThread.carried(C, D);
        assertTrue(oneThread.either(A, X)); // A becomes the most recent
        oneThread.carried(E, F); // forgets the two least recent: B and C

        JGroupsEndpoints ahead = new JGroupsEndpoints(4);
        ahead.decodingAhead(inFlight);
        ahead.carried(A, B);
        ahead(ahead, inFlight, C, D);
        assertTrue(ahead.either(A, X));
        assertEquals(0, inFlight.catchUps, "answered at once; its place in the order taken in its turn");
        inFlight.catchUp();
        ahead.carried(E, F);

        for (Endpoint p : new Endpoint[] {A, B, C, D, E, F})
            assertEquals(oneThread.either(p, X), ahead.either(p, X), p.toString());
        assertFalse(ahead.either(B, X));
    }

    @Test
    void aLookupThatAFullTableCouldForgetMeanwhileWaits() {
        JGroupsEndpoints endpoints = new JGroupsEndpoints(4);
        endpoints.decodingAhead(inFlight);
        endpoints.carried(A, B);
        ahead(endpoints, inFlight, C, D);
        ahead(endpoints, inFlight, E, F); // may push A out before the lookup's turn
        assertFalse(endpoints.either(A, X), "A is forgotten by then, as on one thread");
        assertEquals(1, inFlight.catchUps);
    }
}
