package org.jgwire.codec.cluster.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventLineTest {
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    private final EventLine events = new EventLine(new PrintStream(sink, true, StandardCharsets.UTF_8));

    @Test
    void escapesQuotesBackslashesAndControlCharacters() {
        events.emit("sent", "to", null, "text", "a\"b\\c\n", "members", List.of("A", "B"));
        assertEquals(
                "{\"event\":\"sent\",\"to\":null,\"text\":\"a\\\"b\\\\c\\u000a\",\"members\":[\"A\",\"B\"]}\n",
                sink.toString(StandardCharsets.UTF_8));
    }
}
