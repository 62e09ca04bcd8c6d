package org.jgwire.wireshark.lua;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jgwire.codec.runtime.WireVariant;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.jgwire.wireshark.catalog.LayoutCatalog;
import org.jgwire.wireshark.layout.AuthTokens;
import org.jgwire.wireshark.layout.HeaderLayout;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.jgwire.wireshark.layout.ResolvedLayout;

/**
 * Renders a {@link LayoutCatalog} into the plugin: a header naming the versions, the {@code GEN} table (variants,
 * jars, id maps, resolved header layouts, fields and value strings) and the dissector core template after it.
 * A pure function of the catalog: the same jars give the same file.
 */
public final class PluginRenderer {
    static final String TEMPLATE = "jgroups-core.lua";

    /** Default ports for Decode As and direct registration: UDP mcast_port, TCP bind_port, FD_SOCK2, GossipRouter. */
    static final int[] UDP_PORTS = {45588};

    static final int[] TCP_PORTS = {7800, 7900, 12001};

    private final LayoutCatalog catalog;
    private final String jgwireVersion;
    private final List<String> layoutTexts = new ArrayList<>();
    private final Map<String, Integer> layoutIndex = new LinkedHashMap<>();
    private final List<String> sections = new ArrayList<>();
    private final Map<String, String> fieldKinds = new TreeMap<>();
    private final Map<String, Map<Integer, String>> valueStrings = new TreeMap<>();

    public PluginRenderer(LayoutCatalog catalog, String jgwireVersion) {
        this.catalog = catalog;
        this.jgwireVersion = jgwireVersion;
    }

    public String render() {
        List<JarCatalog> jars = catalog.jars();
        // catalogs: one per distinct (protocol map, class map); jars point at them
        List<String> catalogTexts = new ArrayList<>();
        Map<String, Integer> catalogIndex = new LinkedHashMap<>();
        List<Integer> jarCatalog = new ArrayList<>();
        for (JarCatalog jar : jars) {
            String text = catalogText(jar);
            Integer i = catalogIndex.get(text);
            if (i == null) {
                catalogTexts.add(text);
                catalogIndex.put(text, i = catalogTexts.size());
            }
            jarCatalog.add(i);
        }

        LuaWriter w = new LuaWriter();
        w.open(null);
        w.entry("generator", "jgwire " + jgwireVersion);
        w.open("variants");
        for (WireVariant v : catalog.variants())
            w.inline(null, v.from().toShort(), v.until().toShort(), v.family().id());
        w.close();
        w.open("jars");
        for (int j = 0; j < jars.size(); j++) {
            JarCatalog jar = jars.get(j);
            w.open(null)
                    .entry("version", jar.version().toShort())
                    .entry("label", jar.label())
                    .entry("variant", variantIndex(jar))
                    .entry("catalog", jarCatalog.get(j));
            w.open("flags");
            jar.messageFlags().forEach((name, mask) -> w.inline(null, name, mask));
            w.close();
            w.close();
        }
        w.close();
        w.open("catalogs");
        for (String c : catalogTexts) w.raw(c);
        w.close();
        w.open("layouts");
        for (String l : layoutTexts) w.raw(l);
        w.close();
        w.open("fields");
        fieldKinds.forEach((key, kind) -> w.inline(null, key, key.substring(key.indexOf('.') + 1), kind));
        w.close();
        w.open("value_strings");
        valueStrings.forEach((key, names) -> w.map(key, names));
        w.close();
        w.open("message_flags");
        Map<String, Integer> allFlags = new TreeMap<>();
        for (JarCatalog jar : jars) jar.messageFlags().forEach((n, m) -> allFlags.put(n + "\u0000" + m, m));
        allFlags.forEach((k, m) -> w.inline(null, k.substring(0, k.indexOf('\u0000')), m));
        w.close();
        w.map("message_types", newestNonEmpty(jars, true));
        w.map("gossip_types", newestNonEmpty(jars, false));
        Map<Integer, String> signals = new TreeMap<>(); // the same in every jar; a newer jar's name wins
        for (JarCatalog jar : jars) signals.putAll(jar.fdSockSignals());
        w.map("fd_sock_signals", signals);
        Map<String, String> tokens = new TreeMap<>();
        AuthTokens.all()
                .forEach((name, t) ->
                        tokens.put(name, t.field() == null ? "" : t.kind().name()));
        w.map("auth_tokens", tokens);
        w.map("features", WireFeatures.thresholds());
        w.inline("default_udp_ports", box(UDP_PORTS));
        w.inline("default_tcp_ports", box(TCP_PORTS));
        w.close();

        StringBuilder out = new StringBuilder();
        out.append("-- jgroups.lua: Wireshark dissector for JGroups, GENERATED by jgwire ")
                .append(jgwireVersion)
                .append(" (`jgwire wireshark generate`). Do not edit: regenerate.\n");
        out.append("-- Made from the id maps and classes of JGroups ");
        StringBuilder labels = new StringBuilder();
        Set<String> protocolJars = new TreeSet<>();
        for (JarCatalog jar : jars) {
            labels.append(labels.length() == 0 ? "" : ", ").append(jar.label());
            protocolJars.addAll(jar.protocolJars());
        }
        out.append(labels).append(".\n");
        if (!protocolJars.isEmpty())
            out.append("-- With the headers of ")
                    .append(String.join(", ", protocolJars))
                    .append(".\n");
        out.append("-- Runs on Wireshark 4.0+ (Lua 5.2 to 5.4). Install: `jgwire wireshark install`, "
                + "or copy into a plugins folder.\n\n");
        out.append("local GEN = ").append(w).append("\n\n");
        out.append(template());
        return out.toString();
    }

    private static Object[] box(int[] a) {
        Object[] o = new Object[a.length];
        for (int i = 0; i < a.length; i++) o[i] = a[i];
        return o;
    }

    private static Map<Integer, String> newestNonEmpty(List<JarCatalog> jars, boolean messageTypes) {
        for (int i = jars.size() - 1; i >= 0; i--) {
            Map<Integer, String> m =
                    messageTypes ? jars.get(i).messageTypes() : jars.get(i).gossipTypes();
            if (!m.isEmpty()) return m;
        }
        return Map.of();
    }

    private int variantIndex(JarCatalog jar) {
        List<WireVariant> all = catalog.variants();
        for (int i = 0; i < all.size(); i++) if (all.get(i).contains(jar.version())) return i + 1;
        throw new IllegalStateException("no wire variant for " + jar.label());
    }

    /** {protocols = {...}, classes = {[magic] = {class, simple, layout}}} for one jar. */
    private String catalogText(JarCatalog jar) {
        LuaWriter c = new LuaWriter();
        c.open(null);
        c.map("protocols", jar.protocols());
        c.open("classes");
        jar.magics().forEach((magic, className) -> {
            ResolvedLayout rl = jar.layouts().get(className);
            Integer layout = rl == null ? null : layout(rl);
            c.raw(LuaWriter.key(magic) + " = {" + LuaWriter.string(className) + ", "
                    + LuaWriter.string(HeaderLayout.simpleName(className)) + (layout == null ? "" : ", " + layout)
                    + "}");
        });
        c.close();
        c.close();
        return c.toString();
    }

    private int layout(ResolvedLayout rl) {
        String section = rl.layout().section();
        rl.valueNames().forEach((name, names) -> valueStrings
                .computeIfAbsent(section + "." + name, k -> new TreeMap<>())
                .putAll(names));
        String text = "{section = " + LuaWriter.string(section) + ", items = "
                + items(rl.layout().items(), rl, section) + "}";
        Integer i = layoutIndex.get(text);
        if (i == null) {
            layoutTexts.add(text);
            layoutIndex.put(text, i = layoutTexts.size());
        }
        return i;
    }

    private String items(List<Item> items, ResolvedLayout rl, String section) {
        List<String> out = new ArrayList<>();
        for (Item item : items) {
            if (item instanceof Item.Value v) {
                out.add("{\"v\", " + LuaWriter.string(v.kind().name()) + ", " + LuaWriter.string(v.name()) + ", "
                        + v.wireOnly() + "}");
                if (!v.wireOnly()) field(section + "." + v.name(), luaKind(v.kind()));
            } else if (item instanceof Item.Switch s) {
                StringBuilder arms = new StringBuilder("{");
                for (Item.Case k : s.cases()) {
                    String body = items(k.items(), rl, section);
                    for (String constant : k.constants()) {
                        Integer code = rl.constants().get(constant);
                        if (code != null)
                            arms.append('[')
                                    .append(code)
                                    .append("] = ")
                                    .append(body)
                                    .append(", ");
                    }
                }
                out.add("{\"switch\", " + LuaWriter.string(s.on()) + ", " + arms.append('}') + "}");
            } else if (item instanceof Item.IfBit b) {
                Integer mask = rl.constants().get(b.mask());
                if (mask != null)
                    out.add("{\"ifbit\", " + LuaWriter.string(b.on()) + ", " + mask + ", "
                            + items(b.items(), rl, section) + "}");
            } else if (item instanceof Item.IfPositive p) {
                out.add("{\"ifpos\", " + LuaWriter.string(p.on()) + ", " + items(p.items(), rl, section) + "}");
            } else if (item instanceof Item.If i) {
                out.add("{\"if\", " + LuaWriter.string(i.on()) + ", " + test(i.test(), rl) + ", "
                        + items(i.then(), rl, section) + ", " + items(i.otherwise(), rl, section) + "}");
            } else if (item instanceof Item.Bit b) {
                Integer mask = rl.constants().get(b.mask());
                if (mask != null) {
                    out.add("{\"bit\", " + LuaWriter.string(b.name()) + ", " + LuaWriter.string(b.on()) + ", " + mask
                            + "}");
                    field(section + "." + b.name(), "bool");
                }
            }
        }
        return "{" + String.join(", ", out) + "}";
    }

    /** An If's test as the Lua core's {@code holds} takes it: its name and argument. */
    private static String test(Item.Test t, ResolvedLayout rl) {
        if (t instanceof Item.Equals e) {
            StringBuilder set = new StringBuilder("{");
            for (String c : e.codes()) {
                Integer code = rl.constants().get(c);
                if (code != null) set.append('[').append(code).append("] = true, ");
            }
            return "\"eq\", " + set.append('}');
        }
        if (t instanceof Item.Mask m) {
            Integer mask = rl.constants().get(m.mask());
            return "\"mask\", " + (mask == null ? 0 : mask);
        }
        return t instanceof Item.Positive ? "\"pos\", 0" : "\"true\", 0";
    }

    private void field(String key, String kind) {
        String prev = fieldKinds.get(key);
        if (prev == null || prev.equals(kind)) fieldKinds.put(key, kind);
        else if (prev.equals("u64") || kind.equals("u64")) fieldKinds.put(key, "u64");
        else if (prev.equals("i64") || kind.equals("i64")) fieldKinds.put(key, "i64");
        else if (prev.startsWith("i") && kind.startsWith("i")) fieldKinds.put(key, "i32");
        else fieldKinds.put(key, "string");
    }

    private static String luaKind(Kind k) {
        return switch (k) {
            case BYTE, ENUM_BYTE -> "i8";
            case SHORT -> "i16";
            case INT -> "i32";
            case LONG -> "i64";
            case LONG_COMPRESSED, INT_COMPRESSED -> "u64";
            case BOOL -> "bool";
            default -> "string";
        };
    }

    private static String template() {
        try (InputStream in = PluginRenderer.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) throw new IllegalStateException("template " + TEMPLATE + " missing from the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
