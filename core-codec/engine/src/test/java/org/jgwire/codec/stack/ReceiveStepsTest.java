package org.jgwire.codec.stack;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderClass;
import org.junit.jupiter.api.Test;

class ReceiveStepsTest {
    private final ReceiveStep one = (up, h) -> up, other = (up, h) -> null;

    @Test
    void findsTheStepRegisteredForAHeaderClass() {
        HeaderClass late = HeaderClass.of("RegisteredAfterTheOthersHeader");
        ReceiveSteps steps = new ReceiveSteps().add(one, HeaderClass.FORK).add(other, HeaderClass.GMS, late);
        assertSame(one, steps.of(HeaderClass.FORK));
        assertSame(other, steps.of(HeaderClass.GMS));
        assertSame(other, steps.of(late));
    }

    @Test
    void aClassNoStepIsRegisteredForHasNone() {
        ReceiveSteps steps = new ReceiveSteps().add(one, HeaderClass.FORK);
        assertNull(steps.of(HeaderClass.GMS));
        assertNull(steps.of(HeaderClass.of("NamedOnlyAfterTheTableWasBuiltHeader")));
        assertNull(new ReceiveSteps().of(HeaderClass.FORK));
    }

    @Test
    void refusesTwoStepsForOneClass() {
        ReceiveSteps steps = new ReceiveSteps().add(one, HeaderClass.FORK);
        assertThrows(IllegalStateException.class, () -> steps.add(other, HeaderClass.FORK));
    }

    @Test
    void theStandardTableActsOnTheProtocolsThatTransformMessages() {
        ReceiveSteps steps = ReceiveSteps.standard(Limits.DEFAULTS, Decryptor.none());
        assertSame(CompressStep.class, steps.of(HeaderClass.COMPRESS).getClass());
        assertSame(SequencerStep.class, steps.of(HeaderClass.SEQUENCER).getClass());
        assertSame(EncryptStep.class, steps.of(HeaderClass.ENCRYPT).getClass());
        assertSame(ForkStep.class, steps.of(HeaderClass.FORK).getClass());
        assertNull(steps.of(HeaderClass.FRAG)); // reassembled before the stack step
        assertNull(steps.of(HeaderClass.GMS));
    }
}
