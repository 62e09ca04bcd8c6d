package org.jgwire.tests.wireshark;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.tests.decode.Decoding;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Real traffic of the stacks a JGroups jar ships ({@code tcp.xml}, {@code sequencer.xml}, ...): their protocols
 * above discovery, exactly as the jar's XML lists them, under a loopback transport with fixed ports, captured by the
 * cluster runner (chat scenario, 3 members). FD_SOCK2's server sockets are moved into the captured port range
 * ({@code offset}) so that its connections are on the capture. Captures are made once per test JVM.
 */
final class StockStacks {
    private static final Map<String, Path> CAPTURES = new ConcurrentHashMap<>();
    private static final List<String> TRANSPORTS = List.of("UDP", "TCP", "TCP_NIO2", "TUNNEL");
    private static final List<String> DISCOVERY = List.of("PING", "TCPPING", "MPING", "include");

    private StockStacks() {}

    /** A chat capture of the jar's stock stack {@code xml} ({@code sequencer.xml}) over TCP or UDP. */
    static synchronized Path capture(String version, String xml, boolean tcp) throws Exception {
        String key = version + "/" + xml + "/" + tcp;
        Path done = CAPTURES.get(key);
        if (done != null) return done;
        Path dir = Files.createTempDirectory("jgwire-stock");
        int base = 30_000 + 20 * ThreadLocalRandom.current().nextInt(1_500);
        Path stack = dir.resolve(xml.replace(".xml", "") + (tcp ? "-tcp" : "-udp") + ".xml");
        Files.writeString(stack, stackXml(version, xml, tcp, base), StandardCharsets.UTF_8);
        Path pcap = dir.resolve(stack.getFileName().toString().replace(".xml", ".pcapng"));
        ClusterRunner.run(
                new ClusterSpec(version, stack.toString(), 3, "chat", pcap, Decoding.home(), Duration.ofSeconds(90)));
        CAPTURES.put(key, pcap);
        return pcap;
    }

    static String stackXml(String version, String xml, boolean tcp, int base) throws Exception {
        Path jar = Decoding.home().resolve("jgroups").resolve("jgroups-" + version + ".Final.jar");
        Element config;
        try (ZipFile zip = new ZipFile(jar.toFile());
                InputStream in = zip.getInputStream(zip.getEntry(xml))) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            config = f.newDocumentBuilder().parse(in).getDocumentElement();
        }
        StringBuilder out = new StringBuilder("<config xmlns=\"urn:org:jgroups\">\n");
        if (tcp) {
            out.append("<TCP bind_addr=\"127.0.0.1\" bind_port=\"").append(base).append("\" port_range=\"9\"/>\n");
            out.append("<TCPPING initial_hosts=\"127.0.0.1[").append(base).append("]\" port_range=\"4\"/>\n");
        } else {
            int group = ThreadLocalRandom.current().nextInt(1, 250);
            out.append("<UDP bind_addr=\"127.0.0.1\" bind_port=\"")
                    .append(base)
                    .append("\" port_range=\"9\" ip_ttl=\"0\" mcast_addr=\"239.255.71.")
                    .append(group)
                    .append("\" mcast_port=\"")
                    .append(base + 10)
                    .append("\"/>\n<PING/>\n");
        }
        for (Node n = config.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element e)) continue;
            if (TRANSPORTS.contains(e.getTagName()) || DISCOVERY.contains(e.getTagName())) continue;
            if (e.getTagName().equals("FD_SOCK2")) {
                // its servers at bind_port + 5.. instead of + 100: inside the range the capture filter covers
                e.setAttribute("offset", "5");
                e.setAttribute("port_range", "4");
            }
            out.append(element(e)).append('\n');
        }
        return out.append("</config>\n").toString();
    }

    /** An element with its attributes and children, as XML text (FORK's nested fork-stacks included). */
    private static String element(Element e) {
        StringBuilder b = new StringBuilder("<").append(e.getTagName());
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            b.append(' ')
                    .append(a.getNodeName())
                    .append("=\"")
                    .append(a.getNodeValue()
                            .replace("&", "&amp;")
                            .replace("\"", "&quot;")
                            .replace("<", "&lt;"))
                    .append('"');
        }
        List<Element> children = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) if (n instanceof Element c) children.add(c);
        if (children.isEmpty()) return b.append("/>").toString();
        b.append('>');
        for (Element c : children) b.append(element(c));
        return b.append("</").append(e.getTagName()).append('>').toString();
    }
}
