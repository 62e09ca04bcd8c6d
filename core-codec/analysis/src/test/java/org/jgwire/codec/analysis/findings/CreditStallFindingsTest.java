package org.jgwire.codec.analysis.findings;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.junit.jupiter.api.Test;

/** {@code credit-stall}: requests in a row, what counts as an answer, and the threshold. */
class CreditStallFindingsTest {
    /** FcHeader: REPLENISH 1, CREDIT_REQUEST 2. */
    private static HeaderRecord fc(int type) {
        return header("MFC", "FcHeader", "type", (byte) type);
    }

    private static List<Finding> run(long thresholdMs, MessageRecord... records) {
        CreditStallFindings d = new CreditStallFindings(thresholdMs);
        for (MessageRecord m : records) d.accept(m);
        d.finish();
        return d.result();
    }

    @Test
    void requestsInARowAnsweredAtOnceWithNoCreditsFromDeliveriesAreAStall() {
        List<Finding> f = run(
                2_000,
                message(1, 0, A, C, 7800, null, fc(2)),
                message(2, 1, C, A, 7800, null, fc(1)), // the answer
                message(3, 1_000, A, C, 7800, null, fc(2)),
                message(4, 1_001, C, A, 7800, null, fc(1)),
                message(5, 2_000, A, C, 7800, null, fc(2)),
                message(6, 2_001, C, A, 7800, null, fc(1)),
                message(7, 5_000, C, A, 7800, null, fc(1))); // after the last request: no longer the stall
        assertEquals(1, f.size(), f.toString());
        assertEquals(List.of(C, A), f.get(0).members());
        assertEquals(3L, f.get(0).fields().get("requests"));
        assertEquals(3L, f.get(0).fields().get("answers"));
        assertEquals(0L, f.get(0).fields().get("credits_from_deliveries"));
        assertEquals(1_000L, f.get(0).fields().get("request_interval_ms"));
    }

    @Test
    void tooFewRequestsTooShortARunOrRequestsFarApartAreNone() {
        assertEquals(
                List.of(),
                run(2_000, message(1, 0, A, C, 7800, null, fc(2)), message(2, 1_000, A, C, 7800, null, fc(2))));
        assertEquals(
                List.of(),
                run(
                        2_500, // three requests over 2 s
                        message(1, 0, A, C, 7800, null, fc(2)),
                        message(2, 1_000, A, C, 7800, null, fc(2)),
                        message(3, 2_000, A, C, 7800, null, fc(2))));
        assertEquals(
                List.of(),
                run(
                        2_000, // each wait of its own: more than 15 s apart
                        message(1, 0, A, C, 7800, null, fc(2)),
                        message(2, 16_000, A, C, 7800, null, fc(2)),
                        message(3, 32_000, A, C, 7800, null, fc(2))));
    }
}
