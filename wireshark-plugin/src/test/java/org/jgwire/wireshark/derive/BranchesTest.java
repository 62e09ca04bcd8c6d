package org.jgwire.wireshark.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.junit.jupiter.api.Test;

class BranchesTest {
    private static final Item A = new Item.Value("a", Kind.INT, false, false);
    private static final Item B = new Item.Value("b", Kind.BOOL, false, false);
    private static final Item TAIL = new Item.Value("tail", Kind.SHORT, false, false);

    @Test
    void movesWhatBothWaysWriteAtTheirEndAfterTheBranch() {
        assertEquals(
                List.of(new Item.If("f", new Item.True(), List.of(A), List.of(B)), TAIL),
                Branches.when("f", new Item.True(), List.of(A, TAIL), List.of(B, TAIL)));
    }

    @Test
    void aBranchWhoseWaysWriteTheSameIsNoBranch() {
        assertEquals(List.of(TAIL), Branches.when("f", new Item.True(), List.of(TAIL), List.of(TAIL)));
    }

    @Test
    void chainsSwitchArmsAndDropsArmsThatWriteWhatTheDefaultWrites() {
        List<Item> chain = Branches.chain(
                "type",
                List.of(
                        new Branches.Arm(List.of("1", "2"), List.of(A, TAIL)),
                        new Branches.Arm(List.of("4"), List.of(B, TAIL)),
                        new Branches.Arm(List.of("3"), List.of(TAIL))),
                List.of(TAIL));
        assertEquals(
                List.of(
                        new Item.If(
                                "type",
                                new Item.Equals(List.of("1", "2")),
                                List.of(A),
                                List.of(new Item.If("type", new Item.Equals(List.of("4")), List.of(B), List.of()))),
                        TAIL),
                chain);
    }
}
