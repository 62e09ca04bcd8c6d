package org.jgwire.cluster.node.raft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextKeyValueMachineTest {
    private final List<String> applied = new ArrayList<>();
    private final TextKeyValueMachine machine = new TextKeyValueMachine(applied::add);

    private byte[] apply(String command, boolean response) {
        byte[] b = ("xx" + command).getBytes(StandardCharsets.UTF_8);
        return machine.apply(b, 2, b.length - 2, response);
    }

    @Test
    void appliesTextCommandsFromTheirOffsetAndTellsEachOne() {
        assertNull(apply(TextKeyValueMachine.put("k1", "v1"), true));
        apply("put k2=v=2", false);
        assertArrayEquals("v1".getBytes(StandardCharsets.UTF_8), apply("put k1=v3", true), "the old value");
        assertEquals("k1=v3,k2=v=2", machine.contents());
        assertEquals(List.of("put k1=v1", "put k2=v=2", "put k1=v3"), applied);
    }

    @Test
    void refusesWhatIsNoCommandAndKeysThatWouldNotReadBack() {
        assertThrows(IllegalArgumentException.class, () -> apply("get k1", false));
        assertThrows(IllegalArgumentException.class, () -> TextKeyValueMachine.put("a=b", "v"));
        assertEquals(List.of(), applied);
    }

    @Test
    void writesItsContentsForAnotherMemberToRead() throws Exception {
        apply("put k1=v1", false);
        apply("put k2=v2", false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        machine.writeContentTo(new DataOutputStream(out));
        TextKeyValueMachine other = new TextKeyValueMachine(c -> {});
        other.apply("put old=x".getBytes(StandardCharsets.UTF_8), 0, 9, false);
        other.readContentFrom(new DataInputStream(new ByteArrayInputStream(out.toByteArray())));
        assertEquals("k1=v1,k2=v2", other.contents());
    }
}
