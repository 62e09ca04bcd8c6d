package org.jgwire.codec.cluster;

import java.io.IOException;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Inlines {@code <include file="${transport-config:udp-default.xml}" .../>} (JGroups 5.5: the shipped stacks keep
 * their transport in {@code udp-default.xml}, {@code tcp-default.xml}, {@code nio-default.xml}): the included
 * file's protocols take the include's place, and the include's other attributes override the first of them, as
 * JGroups' XmlConfigurator does. The runner then sees one flat stack whose first protocol is the transport.
 */
final class StackIncludes {
    /** Where an included file is read from: the stack file's directory, else the JGroups jar. */
    interface Source {
        Document load(String name) throws IOException;
    }

    private StackIncludes() {}

    static void inline(Document doc, Source source) throws IOException {
        Element root = doc.getDocumentElement();
        Node n = root.getFirstChild();
        while (n != null) {
            Node next = n.getNextSibling();
            if (n instanceof Element e && local(e).equals("include")) {
                String name = UserStack.resolve(e.getAttribute("file"));
                Document included = source.load(name);
                Element first = null;
                for (Node c = included.getDocumentElement().getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (!(c instanceof Element p)) continue;
                    Element copy = (Element) doc.importNode(p, true);
                    root.insertBefore(copy, e);
                    if (first == null) first = copy;
                }
                if (first == null) throw new IOException("include " + name + ": no protocol in it");
                NamedNodeMap attrs = e.getAttributes();
                for (int i = 0; i < attrs.getLength(); i++) {
                    Attr a = (Attr) attrs.item(i);
                    if (!a.getName().equals("file")) first.setAttribute(a.getName(), a.getValue());
                }
                root.removeChild(e);
            }
            n = next;
        }
    }

    private static String local(Element e) {
        String n = e.getNodeName();
        return n.substring(n.indexOf(':') + 1);
    }
}
