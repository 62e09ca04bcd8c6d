package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The stacks JGroups ships (FD_SOCK2 over TCP, VERIFY_SUSPECT2, STATE_TRANSFER, SEQUENCER, FORK, ...), captured
 * live: the plugin dissects every packet without a Lua error (caught or not) and without calling anything
 * malformed, since nothing on these captures is.
 */
class PluginOnStockStacksTest {
    @ParameterizedTest(name = "{0} {1} over {2}")
    @CsvSource({
        "5.5.7, tcp.xml, tcp",
        "5.5.7, udp.xml, udp",
        "5.5.7, sequencer.xml, udp",
        "5.5.7, fork.xml, udp",
        "5.3.24, tcp.xml, tcp",
        "4.2.30, tcp.xml, tcp",
        "3.6.20, udp.xml, udp"
    })
    void stockStackIsDissectedWithoutLuaErrorOrMalformedData(String version, String xml, String transport)
            throws Exception {
        Path capture = StockStacks.capture(version, xml, transport.equals("tcp"));
        List<String> failures = new ArrayList<>();
        int jgroups = 0;
        // The members' ports are drawn at random (FD_SOCK's by the system): one that Wireshark gives to another
        // protocol (TCP 34980 is EtherCAT's) would hide that member's traffic from the plugin's heuristics, as it
        // does for a user, who then asks for the heuristics first or names the port (docs/wireshark.md).
        String[] heuristicsFirst = {"-o", "tcp.try_heuristic_first:TRUE", "-o", "udp.try_heuristic_first:TRUE"};
        for (JsonNode p : GeneratedPlugin.tsharkJson(capture, heuristicsFirst)) {
            JsonNode layers = p.path("_source").path("layers");
            if (layers.has("jgroups")) jgroups++;
            for (String f : GeneratedPlugin.failuresOnCleanCapture(layers))
                failures.add(
                        "frame " + layers.path("frame").path("frame.number").asText() + ": " + f);
        }
        assertTrue(jgroups > 20, "only " + jgroups + " JGroups packets on " + capture);
        assertTrue(failures.isEmpty(), capture + ":\n" + String.join("\n", failures));
    }
}
