package org.jgwire.codec.cluster;

import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.jgwire.codec.model.JGroupsVersion;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * A user's own stack XML ({@code jgwire cluster --stack my.xml}) or one a JGroups jar ships
 * ({@code --stack jgroups:udp.xml}), made safe for a loopback test: the transport (the first protocol, after
 * {@link StackIncludes} inlined any {@code <include>}) gets {@code bind_addr="127.0.0.1"} (an XML binding an
 * address other than loopback is refused; an interface choice such as {@code match-interface:eth0,loopback} is
 * pinned to loopback), UDP's {@code ip_ttl="0"}, and diagnostics off unless asked for. A transport without a fixed
 * {@code bind_port} gets one free port per member from the runner ({@code port_range="0"}); with one, the user's
 * ports stay (and the capture filter covers {@code bind_port} to {@code bind_port + port_range}). A shipped stack
 * always runs on the runner's ports and multicast group. The protocols above follow ({@link LoopbackRewrites}).
 * Scenario knobs other than DISCARD (which {@code partition-merge} inserts above the transport) are the XML's: its
 * timeouts stay as written.
 */
final class UserStack {
    /** TP's defaults where the XML says nothing (3.6 to 5.x). */
    private static final int DEFAULT_PORT_RANGE = 10;

    private static final int DEFAULT_MCAST_PORT = 45588;

    /** JGroups' symbolic bind addresses: a choice of interface, which the runner pins to loopback. */
    private static final Pattern SYMBOLIC =
            Pattern.compile("match-(interface|host|address):.*|site_local|global|link_local|non_loopback|loopback");

    private final String file;
    private final Document doc;
    private final Element transport;
    private final boolean shipped;

    private UserStack(String file, Document doc, Element transport, boolean shipped) {
        this.file = file;
        this.doc = doc;
        this.transport = transport;
        this.shipped = shipped;
    }

    /** Whether {@code stack} names a file or a shipped stack rather than a stock stack. */
    static boolean isFile(String stack) {
        return ShippedStacks.names(stack)
                || stack.endsWith(".xml")
                || stack.contains("/")
                || stack.contains(File.separator);
    }

    /** Reads {@code stack}: a file, or {@code jgroups:NAME.xml} from {@code jar}; includes come from either. */
    static UserStack read(String stack, Path jar) throws IOException {
        boolean shipped = ShippedStacks.names(stack);
        String text;
        Path dir;
        if (shipped) {
            String name = stack.substring(ShippedStacks.PREFIX.length());
            text = ShippedStacks.read(jar, name);
            if (text == null)
                throw new IllegalArgumentException("--stack " + stack + ": " + jar.getFileName() + " ships no " + name
                        + " (its stacks: " + String.join(", ", ShippedStacks.list(jar)) + ")");
            dir = null;
        } else {
            Path file = Path.of(stack);
            if (!Files.isRegularFile(file)) throw new NoSuchFileException(stack, null, "no such stack XML");
            text = Files.readString(file);
            dir = file.toAbsolutePath().getParent();
        }
        try {
            Document doc = parse(text);
            StackIncludes.inline(doc, name -> {
                Path local = dir == null ? null : dir.resolve(name);
                if (local != null && Files.isRegularFile(local)) return parse(Files.readString(local));
                String inJar = ShippedStacks.read(jar, name);
                if (inJar == null) throw new NoSuchFileException(name, null, "included file not found");
                return parse(inJar);
            });
            Element transport = firstElement(doc.getDocumentElement());
            if (transport == null) throw new IllegalArgumentException("--stack " + stack + ": no protocol in the XML");
            String bind = resolve(transport.getAttribute("bind_addr"));
            if (!shipped && !bind.isEmpty() && !loopbackOrSymbolic(bind))
                throw new IllegalArgumentException("--stack " + stack + ": the transport's bind_addr is '" + bind
                        + "'; jgwire cluster runs members on loopback only: use 127.0.0.1 or leave it out");
            return new UserStack(stack, doc, transport, shipped);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException(
                    "--stack " + stack + ": not a readable stack XML (" + e.getMessage() + ")");
        }
    }

    private static Document parse(String text) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setNamespaceAware(false);
            DocumentBuilder b = f.newDocumentBuilder();
            return b.parse(new InputSource(new StringReader(text)));
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static boolean loopbackOrSymbolic(String addr) {
        for (String part : addr.split(",")) {
            String a = part.trim().toLowerCase(Locale.ROOT);
            boolean ok = a.startsWith("127.")
                    || a.equals("localhost")
                    || a.equals("::1")
                    || SYMBOLIC.matcher(a).matches();
            if (!ok) return false;
        }
        return true;
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) if (n instanceof Element e) return e;
        return null;
    }

    /** The transport protocol's name as written ({@code UDP}, {@code TCP}, {@code TCP_NIO2}, {@code TUNNEL}, ...). */
    String transportName() {
        return local(transport);
    }

    boolean udp() {
        return transportName().equals("UDP");
    }

    boolean tunnel() {
        return transportName().equals("TUNNEL");
    }

    /** Whether the runner starts a GossipRouter: TUNNEL's and TCPGOSSIP's members find each other through it. */
    boolean needsRouter() {
        return tunnel() || protocols().contains("TCPGOSSIP");
    }

    /** Whether a protocol reads a keystore the runner makes for the run ({@link LoopbackRewrites#needsKeystore}). */
    boolean needsKeystore() {
        for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling())
            if (n instanceof Element e && LoopbackRewrites.needsKeystore(e)) return true;
        return false;
    }

    /** Whether the members run on the runner's ports (a shipped stack, or no fixed bind_port). */
    boolean runnerPorts() {
        return shipped || bindPort() == 0;
    }

    /** The user's fixed bind_port, or 0 when the runner picks one per member. */
    int bindPort() {
        return shipped ? 0 : intAttr(transport, "bind_port", 0);
    }

    int portRange() {
        return intAttr(transport, "port_range", DEFAULT_PORT_RANGE);
    }

    /** UDP's multicast port: the XML's (or TP's default), the run's on a shipped stack. */
    int mcastPort(int runPort) {
        return shipped ? runPort : intAttr(transport, "mcast_port", DEFAULT_MCAST_PORT);
    }

    boolean mping() {
        return protocols().contains("MPING");
    }

    /** MPING's multicast port, or 0 without MPING: the XML's, else the run's (see {@link LoopbackRewrites}). */
    int mpingPort(int runPort) {
        for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling())
            if (n instanceof Element e && local(e).equals("MPING"))
                return shipped ? runPort : intAttr(e, "mcast_port", runPort);
        return 0;
    }

    /**
     * Refuses to start when the user's fixed ports cannot hold {@code members} members: fewer free ports on
     * 127.0.0.1 in {@code bind_port .. bind_port + port_range} than members.
     */
    void checkPorts(int members) throws ClusterFailure {
        if (bindPort() == 0) return;
        int free = 0;
        List<Integer> taken = new ArrayList<>();
        for (int p = bindPort(); p <= bindPort() + portRange(); p++) {
            if (FreePorts.isFree(p)) free++;
            else taken.add(p);
        }
        if (free < members)
            throw new ClusterFailure("--stack " + file + ": " + members + " members need " + members + " free ports in"
                    + " bind_port " + bindPort() + " .. " + (bindPort() + portRange()) + " on 127.0.0.1, but "
                    + (taken.isEmpty() ? "there are fewer" : "these are taken: " + taken)
                    + "; stop what uses them, or change bind_port/port_range in the XML");
    }

    /** The protocols bottom up, as named in the XML. */
    List<String> protocols() {
        List<String> out = new ArrayList<>();
        for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling())
            if (n instanceof Element e) out.add(local(e));
        return out;
    }

    /**
     * The XML one member runs: loopback, diagnostics off unless {@code tokens} say otherwise, DISCARD above the
     * transport when a scenario asks for it, {@code port} as bind_port when the user gave none, and the protocols
     * above the transport pointed at the run ({@link LoopbackRewrites}).
     */
    synchronized String render(JGroupsVersion version, Map<String, String> tokens, int port) throws IOException {
        boolean diagnostics = "on".equals(tokens.get(StackTemplate.DIAGNOSTICS));
        boolean discard =
                tokens.containsKey("DISCARD") && !tokens.get("DISCARD").isEmpty();
        Element t = transport;
        Document d = (Document) doc.cloneNode(true);
        Element tr = firstElement(d.getDocumentElement());
        tr.setAttribute("bind_addr", "127.0.0.1");
        if (udp()) tr.setAttribute("ip_ttl", "0");
        if (tunnel()) {
            tr.setAttribute("gossip_router_hosts", "127.0.0.1[" + tokens.get("ROUTER_PORT") + "]");
        } else if (bindPort() == 0) {
            tr.setAttribute("bind_port", Integer.toString(port));
            tr.setAttribute("port_range", "0");
        } else {
            tr.setAttribute("bind_port", Integer.toString(bindPort()));
            tr.setAttribute("port_range", Integer.toString(portRange()));
        }
        if (udp())
            tr.setAttribute("mcast_port", Integer.toString(mcastPort(Integer.parseInt(tokens.get("MCAST_PORT")))));
        if (udp() && shipped) tr.setAttribute("mcast_addr", tokens.get("MCAST_ADDR"));
        LoopbackRewrites.apply(d, tokens, runnerPorts(), shipped);
        tr.removeAttribute("enable_diagnostics");
        tr.removeAttribute("diag.enabled");
        if (!diagnostics) {
            String off = StackTemplate.diagnosticsOff(version); // name="false"
            tr.setAttribute(off.substring(0, off.indexOf('=')), "false");
        }
        if (discard && !protocols().contains("DISCARD")) {
            Element dis = d.createElement(t.getPrefix() == null ? "DISCARD" : t.getPrefix() + ":DISCARD");
            d.getDocumentElement().insertBefore(dis, tr.getNextSibling());
        }
        try {
            Transformer x = TransformerFactory.newInstance().newTransformer();
            x.setOutputProperty(OutputKeys.INDENT, "no");
            StringWriter w = new StringWriter();
            x.transform(new DOMSource(d), new StreamResult(w));
            return w.toString();
        } catch (Exception e) {
            throw new IOException("cannot write the stack XML from " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * An attribute value as the member JVM will see it: {@code ${name:default}} becomes its default (jgwire starts
     * the members without system properties), {@code ${name}} becomes empty.
     */
    static String resolve(String value) {
        Matcher m = Pattern.compile("\\$\\{[^:}]*(?::([^}]*))?}").matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) == null ? "" : m.group(1)));
        return m.appendTail(out).toString().trim();
    }

    private int intAttr(Element e, String name, int dflt) {
        String v = resolve(e.getAttribute(name));
        if (v.isEmpty()) return dflt;
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException x) {
            throw new IllegalArgumentException("--stack " + file + ": " + name + "=\"" + v + "\" is not a number");
        }
    }

    static String local(Element e) {
        String n = e.getNodeName();
        return n.substring(n.indexOf(':') + 1);
    }
}
