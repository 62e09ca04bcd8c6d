package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * RELAY2's configuration for the {@code relay2} stack, written into the run's work directory: sites {@code lon}
 * and {@code nyc}, each with one bridge named {@value #BRIDGE} whose stack is the tcp template on that site's
 * bridge port, discovering the other site's bridge port by TCPPING (same format from 3.6 to 5.x,
 * {@code urn:jgroups:relay:1.0}).
 */
final class RelayConfig {
    static final String BRIDGE = "global";

    private RelayConfig() {}

    /** Writes {@code relay.xml} and one bridge stack per site; returns the former. */
    static Path write(Path work, JGroupsVersion version, Map<String, String> tokens, int lonPort, int nycPort)
            throws IOException {
        StringBuilder sites = new StringBuilder();
        int[] ports = {lonPort, nycPort};
        for (int i = 0; i < Stack.SITES.size(); i++) {
            String site = Stack.SITES.get(i);
            Map<String, String> bridge = new HashMap<>(tokens);
            bridge.put("BIND_PORT", Integer.toString(ports[i]));
            bridge.put("INITIAL_HOSTS", "127.0.0.1[" + lonPort + "],127.0.0.1[" + nycPort + "]");
            bridge.remove("DISCARD");
            Path xml = work.resolve("bridge-" + site + ".xml");
            Files.writeString(xml, StackTemplate.render(Stack.TCP, version, bridge), StandardCharsets.UTF_8);
            sites.append("        <site name=\"")
                    .append(site)
                    .append("\">\n            <bridges>\n")
                    .append("                <bridge name=\"")
                    .append(BRIDGE)
                    .append("\" config=\"")
                    .append(xml)
                    .append("\"/>\n            </bridges>\n        </site>\n");
        }
        Path relay = work.resolve("relay.xml");
        Files.writeString(
                relay,
                "<RelayConfiguration xmlns=\"urn:jgroups:relay:1.0\">\n    <sites>\n" + sites
                        + "    </sites>\n</RelayConfiguration>\n",
                StandardCharsets.UTF_8);
        return relay;
    }
}
