package org.jgwire.codec.cluster;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.jgwire.codec.runtime.JGroupsVersion;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A user's own stack XML ({@code jgwire cluster --stack my.xml}), made safe for a loopback test: the transport
 * (the first protocol) gets {@code bind_addr="127.0.0.1"} (an XML binding anything but loopback is refused), UDP's
 * {@code ip_ttl="0"}, and diagnostics off unless asked for. A transport without a fixed {@code bind_port} gets one
 * free port per member from the runner ({@code port_range="0"}); with one, the user's ports stay (and the capture
 * filter covers {@code bind_port} to {@code bind_port + port_range}). Scenario knobs other than DISCARD (which
 * {@code partition-merge} inserts above the transport) are the user's: their timeouts stay as written.
 */
final class UserStack {
    /** TP's defaults where the XML says nothing (3.6 to 5.x). */
    private static final int DEFAULT_PORT_RANGE = 10;

    private static final int DEFAULT_MCAST_PORT = 45588;

    private final Path file;
    private final Document doc;
    private final Element transport;

    private UserStack(Path file, Document doc, Element transport) {
        this.file = file;
        this.doc = doc;
        this.transport = transport;
    }

    /** Whether {@code stack} names a file rather than a stock stack. */
    static boolean isFile(String stack) {
        return stack.endsWith(".xml") || stack.contains("/") || stack.contains(File.separator);
    }

    static UserStack read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new NoSuchFileException(file.toString(), null, "no such stack XML");
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setNamespaceAware(false);
            DocumentBuilder b = f.newDocumentBuilder();
            Document doc = b.parse(file.toFile());
            Element transport = firstElement(doc.getDocumentElement());
            if (transport == null) throw new IllegalArgumentException("--stack " + file + ": no protocol in the XML");
            String bind = resolve(transport.getAttribute("bind_addr"));
            if (!bind.isEmpty() && !loopback(bind))
                throw new IllegalArgumentException("--stack " + file + ": the transport's bind_addr is '" + bind
                        + "'; jgwire cluster runs members on loopback only: use 127.0.0.1 or leave it out");
            return new UserStack(file, doc, transport);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException(
                    "--stack " + file + ": not a readable stack XML (" + e.getMessage() + ")");
        }
    }

    private static boolean loopback(String addr) {
        String a = addr.trim().toLowerCase(Locale.ROOT);
        return a.startsWith("127.") || a.equals("localhost") || a.equals("loopback") || a.equals("::1");
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

    /** The user's fixed bind_port, or 0 when the runner picks one per member. */
    int bindPort() {
        return intAttr("bind_port", 0);
    }

    int portRange() {
        return intAttr("port_range", DEFAULT_PORT_RANGE);
    }

    int mcastPort() {
        return intAttr("mcast_port", DEFAULT_MCAST_PORT);
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
     * The XML one member runs: loopback, diagnostics off unless {@code diagnostics}, DISCARD above the transport
     * when {@code discard}, and {@code port} as bind_port when the user gave none.
     */
    synchronized String render(JGroupsVersion version, boolean diagnostics, boolean discard, int port)
            throws IOException {
        Element t = transport;
        Document d = (Document) doc.cloneNode(true);
        Element tr = firstElement(d.getDocumentElement());
        tr.setAttribute("bind_addr", "127.0.0.1");
        if (udp()) tr.setAttribute("ip_ttl", "0");
        if (bindPort() == 0) {
            tr.setAttribute("bind_port", Integer.toString(port));
            tr.setAttribute("port_range", "0");
        } else {
            tr.setAttribute("bind_port", Integer.toString(bindPort()));
            tr.setAttribute("port_range", Integer.toString(portRange()));
        }
        if (udp()) tr.setAttribute("mcast_port", Integer.toString(mcastPort()));
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

    private int intAttr(String name, int dflt) {
        String v = resolve(transport.getAttribute(name));
        if (v.isEmpty()) return dflt;
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--stack " + file + ": " + name + "=\"" + v + "\" is not a number");
        }
    }

    private static String local(Element e) {
        String n = e.getNodeName();
        return n.substring(n.indexOf(':') + 1);
    }
}
