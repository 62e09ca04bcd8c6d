package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.math.BigInteger;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.jgwire.wireshark.derive.LayoutCheck;
import org.jgwire.wireshark.layout.ResolvedLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every sample capture: tshark with the generated plugin and {@code jgwire decode --format jsonl} must see the
 * same messages in the same frames, with the same addresses, flags, headers (every field), payload lengths, views,
 * learned names and GossipRouter records, and FD_SOCK's termination signals in the same frames (sockets, name,
 * value, the member ABNORMAL_TERMINATION names); and the plugin must raise no Lua error.
 *
 * <p>Addresses are compared after both sides' UUIDs are replaced by the logical names the Java decoder learned in
 * the capture (the decoder prints a name where it knows one, the plugin's filter fields hold the address); a UUID
 * the plugin read wrongly stays a UUID and fails the comparison.
 */
class PluginMatchesDecoderTest {
    /** Every sample is dissected here: tshark runs over them all at once, a run per core. */
    @BeforeAll
    static void dissectTheSamples() throws Exception {
        GeneratedPlugin.dissectAllSamples();
    }

    private static final Map<String, ClassLoader> LOADERS = new ConcurrentHashMap<>();
    /** An object whose class prints no value, shown by the decoder by its fields: {@code Class{name=value, ...}}. */
    private static final Pattern BY_FIELDS = Pattern.compile("(\\w+)\\{(.*)}");

    private static final Pattern OBJECT_PAYLOAD =
            Pattern.compile("^object payload of class (\\S+): its length is only known to the class");

    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    static List<Path> samples() throws IOException {
        return GeneratedPlugin.samples();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void pluginSeesWhatTheDecoderSees(Path sample) throws Exception {
        compare(sample);
    }

    /** Fails unless the plugin and the decoder see the same on {@code sample} (the class comment says what). */
    static void compare(Path sample) throws Exception {
        compare(sample, new String[0]);
    }

    /** As {@link #compare(Path)}, with these options for tshark ({@code -2}: a second pass). */
    static void compare(Path sample, String... tsharkOptions) throws Exception {
        // --no-reassemble: Wireshark shows each FRAG/FRAG2/3/4 fragment as the packet it is and the plugin does not
        // reassemble, while the decoder by default shows the reassembled original in place of its fragments
        List<JsonNode> java = GeneratedPlugin.decoderRecords(sample);
        List<JsonNode> packets = GeneratedPlugin.tsharkJson(sample, tsharkOptions);

        Map<String, String> names = new TreeMap<>();
        for (JsonNode r : java)
            for (JsonNode n : r.path("names"))
                names.put(n.path("addr").asText(), n.path("name").asText());

        Map<Integer, List<JsonNode>> javaMessages = new TreeMap<>(), javaGossip = new TreeMap<>();
        for (JsonNode r : java) {
            String kind = r.path("kind").asText();
            if (kind.equals("error")) fail("the decoder reports an error in a committed sample: " + r);
            if (kind.equals("stream-end")) continue; // how a TCP direction ended: Wireshark's TCP layer, not the plugin
            // a datagram an ICMP error bounced: the decoder reports the bounce and decodes nothing of the quote, the
            // plugin marks the quoted copy (jgroups.expert.icmp_bounced, compared in PluginExpertInfoTest)
            if (kind.equals("bounce")) continue;
            (kind.equals("gossip") ? javaGossip : javaMessages)
                    .computeIfAbsent(r.path("frame").asInt(), k -> new ArrayList<>())
                    .add(r);
        }
        Map<Integer, List<JsonNode>> luaMessages = new TreeMap<>(), luaGossip = new TreeMap<>();
        for (JsonNode p : packets) {
            JsonNode layers = p.path("_source").path("layers");
            int frame =
                    Integer.parseInt(layers.path("frame").path("frame.number").asText());
            assertTrue(
                    GeneratedPlugin.find(layers, "_ws.lua.error").isEmpty(),
                    "Lua error in frame " + frame + ": " + layers);
            assertTrue(
                    GeneratedPlugin.find(layers, "jgroups.internal").isEmpty(), "internal problem in frame " + frame);
            List<String> failures = GeneratedPlugin.failuresOnCleanCapture(layers);
            assertTrue(failures.isEmpty(), sample + " frame " + frame + ": " + failures);
            // the copy of a datagram an ICMP error quotes: no message of its own for the decoder (above)
            if (!layers.path("icmp").isMissingNode() || !layers.path("icmpv6").isMissingNode()) continue;
            // a header without layout or bytes left undissected end a message early: never in the samples
            for (String note : GeneratedPlugin.find(layers, "_ws.expert.message"))
                assertTrue(
                        thirdPartyPayload(note)
                                || !note.contains("layout unknown")
                                        && !note.contains("not decoded")
                                        && !note.contains("magic map"),
                        sample + " frame " + frame + ": " + note);
            for (JsonNode jg : GeneratedPlugin.many(layers.path("jgroups"))) {
                for (JsonNode m : GeneratedPlugin.many(jg.path("jgroups.msg")))
                    withWrapped(m, luaMessages.computeIfAbsent(frame, k -> new ArrayList<>()));
                for (JsonNode fd : GeneratedPlugin.many(jg.path("jgroups.fd_sock2"))) // FD_SOCK2's bare messages
                for (JsonNode m : GeneratedPlugin.many(fd.path("jgroups.msg")))
                        withWrapped(m, luaMessages.computeIfAbsent(frame, k -> new ArrayList<>()));
                for (JsonNode fd : GeneratedPlugin.many(jg.path("jgroups.fd_sock_signal"))) // FD_SOCK's one-byte signal
                luaMessages.computeIfAbsent(frame, k -> new ArrayList<>()).add(fd);
                for (JsonNode g : GeneratedPlugin.many(jg.path("jgroups.gossip")))
                    if (!g.path("jgroups.gossip.type").asText().equals("4"))
                        luaGossip.computeIfAbsent(frame, k -> new ArrayList<>()).add(g);
            }
        }

        assertEquals(count(javaMessages), count(luaMessages), "messages in " + sample);
        assertEquals(javaMessages.keySet(), luaMessages.keySet(), "frames with messages in " + sample);
        assertEquals(javaGossip.keySet(), luaGossip.keySet(), "frames with GossipRouter control records in " + sample);
        Compare c = new Compare(names);
        for (Map.Entry<Integer, List<JsonNode>> e : javaMessages.entrySet()) {
            List<JsonNode> lua = luaMessages.get(e.getKey());
            assertEquals(e.getValue().size(), lua.size(), "messages in frame " + e.getKey());
            for (int i = 0; i < lua.size(); i++) {
                String where = sample + " frame " + e.getKey() + " message " + i;
                JsonNode decoded = e.getValue().get(i);
                if (decoded.path("transport").asText().equals("fd_sock")) c.signal(where, decoded, lua.get(i));
                else c.message(where, decoded, lua.get(i));
            }
        }
        for (Map.Entry<Integer, List<JsonNode>> e : javaGossip.entrySet()) {
            List<JsonNode> lua = luaGossip.get(e.getKey());
            assertEquals(e.getValue().size(), lua.size(), "GossipRouter records in frame " + e.getKey());
            for (int i = 0; i < lua.size(); i++)
                c.gossip(sample + " frame " + e.getKey(), e.getValue().get(i), lua.get(i));
        }
    }

    /**
     * The note on an object payload of a protocol jar's class (jgroups-raft's LogEntries), whose extent only its class
     * knows: the plugin shows it to the end of the frame (docs/wireshark.md, limits). That nothing followed it is
     * proven by the same messages per frame and the same payload length as the decoder's.
     */
    private static boolean thirdPartyPayload(String note) throws IOException {
        Matcher m = OBJECT_PAYLOAD.matcher(note);
        if (!m.find()) return false;
        for (JarCatalog jar : GeneratedPlugin.catalog().jars()) if (jar.origin(m.group(1)) != null) return true;
        return false;
    }

    private static int count(Map<Integer, List<JsonNode>> m) {
        return m.values().stream().mapToInt(List::size).sum();
    }

    /** Field by field comparison of one decoder record with one plugin tree. */
    private static final class Compare {
        private final Map<String, String> names;

        Compare(Map<String, String> names) {
            this.names = names;
        }

        String norm(String s) {
            if (s == null) return "null";
            Matcher m = UUID.matcher(s);
            StringBuilder b = new StringBuilder();
            while (m.find()) m.appendReplacement(b, Matcher.quoteReplacement(names.getOrDefault(m.group(), m.group())));
            return m.appendTail(b).toString();
        }

        void message(String where, JsonNode java, JsonNode lua) throws IOException {
            assertTrue(
                    !lua.has("jgroups.fd_sock_signal.value"), where + ": the plugin shows an FD_SOCK signal: " + lua);
            // the address, and the name where known at that message, exactly as the decoder's (one vocabulary)
            assertEquals(text(java, "src_addr"), first(lua, "jgroups.src_addr"), where + ": sender address");
            assertEquals(text(java, "src"), first(lua, "jgroups.src"), where + ": sender");
            assertEquals(text(java, "dest_addr"), first(lua, "jgroups.dest_addr"), where + ": destination address");
            assertEquals(text(java, "dest"), first(lua, "jgroups.dest"), where + ": destination");
            assertEquals(
                    java.path("flags").asInt(), Integer.decode(first(lua, "jgroups.msg.flags")), where + ": flags");
            JarCatalog jar = jar(java.path("decoded_with").asText());
            if (!jar.messageTypes().isEmpty())
                assertEquals(
                        java.path("type").asText(),
                        jar.messageTypes().get(Integer.parseInt(first(lua, "jgroups.msg.type"))),
                        where + ": type");
            headers(where, jar, java.path("headers"), GeneratedPlugin.many(lua.path("jgroups.hdr")));
            String luaLength = first(lua, "jgroups.payload.length");
            int length = luaLength == null ? 0 : Math.max(0, Integer.parseInt(luaLength));
            // a payload the stack step changed (COMPRESS) travelled as wire_payload
            JsonNode payload = java.has("wire_payload") ? java.path("wire_payload") : java.path("payload");
            assertEquals(payload.path("length").asInt(), length, where + ": payload length");
            view(
                    where,
                    java.path("view"),
                    lua.path("jgroups.view_tree")); // a string item with children: its subtree is *_tree
            learned(
                    where,
                    java.path("names"),
                    GeneratedPlugin.many(lua.path("jgroups.ping_data")),
                    "jgroups.ping_data.addr",
                    "jgroups.ping_data.name");
        }

        /**
         * FD_SOCK's signal: the same sockets, the same name, and on the wire the value the newest bundled jar gives
         * FD_SOCK's constant of that name.
         */
        void signal(String where, JsonNode java, JsonNode lua) throws Exception {
            assertTrue(
                    lua.has("jgroups.fd_sock_signal.value"),
                    where + ": the decoder shows an FD_SOCK signal, not " + lua);
            assertEquals(text(java, "src_ep"), text(lua, "jgroups.fd_sock_signal.sender"), where + ": signal sender");
            assertEquals(
                    text(java, "dst_ep"), text(lua, "jgroups.fd_sock_signal.receiver"), where + ": signal receiver");
            String name = java.path("type").asText();
            assertEquals(name, text(lua, "jgroups.fd_sock_signal.name"), where + ": signal name");
            // ABNORMAL_TERMINATION names the member whose server socket closed (I_HAVE_SOCK's), as the decoder's src
            if (name.equals("ABNORMAL_TERMINATION"))
                assertEquals(
                        norm(text(java, "src_addr")),
                        norm(text(lua, "jgroups.fd_sock_signal.member")),
                        where + ": member gone");
            else assertFalse(lua.has("jgroups.fd_sock_signal.member"), where + ": a member gone: " + lua);
            List<JarCatalog> jars = GeneratedPlugin.catalog().jars();
            Field constant = Class.forName("org.jgroups.protocols.FD_SOCK", true, loader(jars.get(jars.size() - 1)))
                    .getDeclaredField(name);
            constant.setAccessible(true);
            assertEquals(
                    constant.getInt(null),
                    Integer.parseInt(text(lua, "jgroups.fd_sock_signal.value")),
                    where + ": signal value");
        }

        void headers(String where, JarCatalog jar, JsonNode java, List<JsonNode> lua) {
            assertEquals(java.size(), lua.size(), where + ": header count (decoder " + java + ")");
            for (int i = 0; i < lua.size(); i++) {
                JsonNode jh = java.get(i), lh = lua.get(i);
                String w = where + " header " + i + " (" + jh.path("header").asText() + ")";
                assertEquals(
                        jh.path("protocol").asText(),
                        lh.path("jgroups.hdr.protocol").asText(),
                        w + ": protocol");
                String luaClass = lh.path("jgroups.hdr.class").asText();
                String simple = luaClass.substring(Math.max(luaClass.lastIndexOf('.'), luaClass.lastIndexOf('$')) + 1);
                assertEquals(jh.path("header").asText(), simple, w + ": class");
                ResolvedLayout layout = jar.layouts().get(luaClass);
                Map<String, String> luaFields = new TreeMap<>();
                lh.fields().forEachRemaining(e -> {
                    String k = e.getKey();
                    if (!k.startsWith("jgroups.") || k.startsWith("jgroups.hdr."))
                        return; // wire-only values are text items
                    String name = k.substring(k.indexOf('.', "jgroups.".length()) + 1);
                    luaFields.put(name, e.getValue().asText());
                });
                Iterator<Map.Entry<String, JsonNode>> it = jh.path("fields").fields();
                TreeSet<String> javaNames = new TreeSet<>();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> f = it.next();
                    javaNames.add(f.getKey());
                    String lv = luaFields.get(f.getKey());
                    JsonNode jv = f.getValue();
                    Map<String, String> parts = parts(luaFields, f.getKey());
                    if (lv == null && !parts.isEmpty()) {
                        // an object the plugin shows by its parts (AppendEntriesResponse.result: result.index, ...)
                        // and the decoder by its class's toString: that toString of an instance holding the parts
                        assertEquals(
                                norm(jv.isNull() ? null : jv.asText()),
                                norm(byParts(jar, luaClass, f.getKey(), parts)),
                                w + ": " + f.getKey() + " " + parts);
                        continue;
                    }
                    if (lv == null) {
                        // a field not on the wire for this type code keeps what the class's constructor gave it
                        // (NakAckHeader2.seqno is -1 in an XMIT_REQ): the decoder shows that value
                        assertTrue(
                                isDefault(jv) || jv.asText().equals(initialValue(jar, luaClass, f.getKey())),
                                w + ": field " + f.getKey() + " = " + jv + " in the decoder, not read by the plugin");
                        continue;
                    }
                    Map<Integer, String> typeNames =
                            layout == null ? null : layout.valueNames().get(f.getKey());
                    if (typeNames != null && jv.isTextual() && !typeNames.isEmpty()) {
                        assertEquals(
                                jv.asText(), layout.nameOf(f.getKey(), Integer.parseInt(lv)), w + ": " + f.getKey());
                    } else if (jv.isBoolean()) {
                        assertEquals(
                                jv.asBoolean(), lv.equals("1") || lv.equalsIgnoreCase("true"), w + ": " + f.getKey());
                    } else if (jv.isNumber()) {
                        assertEquals(new BigInteger(jv.asText()), new BigInteger(lv), w + ": " + f.getKey());
                    } else if (jv.isArray()) {
                        List<String> items = new ArrayList<>();
                        jv.forEach(x -> items.add(x.isNull() ? "null" : x.asText()));
                        assertEquals(norm("[" + String.join(", ", items) + "]"), norm(lv), w + ": " + f.getKey());
                    } else if (BY_FIELDS.matcher(jv.asText()).matches()) {
                        // an object whose class prints no value (FixedMembershipToken): the decoder shows its class
                        // and every field, the plugin its class and the value on the wire, which is one of them
                        Matcher m = BY_FIELDS.matcher(jv.asText());
                        assertTrue(m.matches());
                        String wire = lv.startsWith(m.group(1) + ": ")
                                ? lv.substring(m.group(1).length() + 2)
                                : null;
                        assertTrue(
                                lv.equals(m.group(1))
                                        || wire != null && m.group(2).contains("=" + wire),
                                w + ": " + f.getKey() + " " + lv + " vs " + jv.asText());
                    } else {
                        assertEquals(norm(jv.isNull() ? null : jv.asText()), norm(lv), w + ": " + f.getKey());
                    }
                }
                for (String name : luaFields.keySet())
                    assertTrue(
                            javaNames.contains(name.contains(".") ? name.substring(0, name.indexOf('.')) : name),
                            w + ": the plugin shows " + name + ", which the class "
                                    + jh.path("header").asText() + " does not have");
            }
        }

        void view(String where, JsonNode java, JsonNode lua) {
            if (java.isMissingNode() || java.isNull()) {
                assertTrue(lua.isMissingNode(), where + ": the plugin shows a view the decoder does not: " + lua);
                return;
            }
            assertTrue(!lua.isMissingNode(), where + ": view " + java + " missing in the plugin");
            String id = java.path("id").asText(); // creator|counter
            int bar = id.lastIndexOf('|');
            assertEquals(id.substring(bar + 1), first(lua, "jgroups.view.id"), where + ": view counter");
            assertEquals(
                    norm(id.substring(0, bar)), norm(first(lua, "jgroups.view.creator")), where + ": view creator");
            assertEquals(java.path("kind").asText(), first(lua, "jgroups.view.kind"), where + ": view kind");
            List<String> jm = new ArrayList<>(), lm = new ArrayList<>();
            java.path("members").forEach(m -> jm.add(norm(m.asText())));
            for (JsonNode m : GeneratedPlugin.many(lua.path("jgroups.view.member"))) lm.add(norm(m.asText()));
            assertEquals(jm, lm, where + ": view members");
        }

        void learned(String where, JsonNode java, List<JsonNode> lua, String addrKey, String nameKey) {
            TreeSet<String> j = new TreeSet<>(), l = new TreeSet<>();
            java.forEach(
                    n -> j.add(n.path("addr").asText() + "=" + n.path("name").asText()));
            for (JsonNode n : lua)
                l.add(n.path(addrKey).asText() + "=" + n.path(nameKey).asText());
            assertEquals(j, l, where + ": names learned");
        }

        void gossip(String where, JsonNode java, JsonNode lua) throws IOException {
            JarCatalog jar = jar(java.path("decoded_with").asText());
            assertEquals(
                    java.path("type").asText(),
                    jar.gossipTypes()
                            .get(Integer.parseInt(
                                    lua.path("jgroups.gossip.type").asText())),
                    where + ": gossip type");
            assertEquals(
                    java.path("group").asText(),
                    lua.path("jgroups.gossip.group").asText(),
                    where + ": gossip group");
            // the member as shown, exactly as the decoder's addr (a REGISTER's own name included)
            assertEquals(text(java, "addr"), lua.path("jgroups.gossip.addr").asText(), where + ": gossip address");
            TreeSet<String> j = new TreeSet<>(), l = new TreeSet<>();
            java.path("names")
                    .forEach(n -> j.add(
                            norm(n.path("addr").asText()) + "=" + n.path("name").asText()));
            if (lua.has("jgroups.gossip.logical_name"))
                l.add(norm(lua.path("jgroups.gossip.addr").asText()) + "="
                        + lua.path("jgroups.gossip.logical_name").asText());
            for (JsonNode n : GeneratedPlugin.many(lua.path("jgroups.ping_data")))
                l.add(norm(n.path("jgroups.ping_data.addr").asText()) + "="
                        + n.path("jgroups.ping_data.name").asText());
            assertEquals(j, l, where + ": names learned");
        }

        /** The plugin's values of the parts of object field {@code field} ({@code result.index}), by part name. */
        private static Map<String, String> parts(Map<String, String> luaFields, String field) {
            Map<String, String> out = new TreeMap<>();
            luaFields.forEach((name, v) -> {
                if (name.startsWith(field + ".")) out.put(name.substring(field.length() + 1), v);
            });
            return out;
        }

        /**
         * The real class's {@code toString} of the object in {@code field} of a header class, made by its no-arg
         * constructor and given the plugin's values of its parts (numbers, booleans as 0/1, enums by ordinal).
         */
        private static String byParts(JarCatalog jar, String className, String field, Map<String, String> parts) {
            try {
                Class<?> type = LayoutCheck.field(Class.forName(className, true, loader(jar)), field)
                        .getType();
                Constructor<?> k = type.getDeclaredConstructor();
                k.setAccessible(true);
                Object o = k.newInstance();
                for (Map.Entry<String, String> p : parts.entrySet()) {
                    Field f = LayoutCheck.field(type, p.getKey());
                    if (f == null) return type.getSimpleName() + " has no field " + p.getKey();
                    f.set(o, valueOf(f.getType(), p.getValue()));
                }
                return o.toString();
            } catch (ReflectiveOperationException | RuntimeException e) {
                return "cannot make " + field + " of " + className + ": " + e;
            }
        }

        private static Object valueOf(Class<?> t, String v) {
            if (t == boolean.class) return v.equals("1") || v.equalsIgnoreCase("true");
            if (t == byte.class) return Byte.parseByte(v);
            if (t == short.class) return Short.parseShort(v);
            if (t == int.class) return Integer.parseInt(v);
            if (t == long.class) return new BigInteger(v).longValue();
            if (t.isEnum()) return t.getEnumConstants()[Integer.parseInt(v)];
            return v;
        }

        /** The value a field has in a new instance of the header class made by its no-arg constructor, as text. */
        private static String initialValue(JarCatalog jar, String className, String field) {
            try {
                Class<?> c = Class.forName(className, true, loader(jar));
                Constructor<?> k = c.getDeclaredConstructor();
                k.setAccessible(true);
                Object h = k.newInstance();
                Field f = LayoutCheck.field(c, field);
                return f == null ? null : String.valueOf(f.get(h));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        /**
         * A class loader of its own for a bundled jar ({@code 5.5.7.Final}) and the protocol jars the decoder loads
         * beside it (jgroups-raft), the JGroups jar first, as in the decoder.
         */
        private static ClassLoader loader(JarCatalog jar) {
            return LOADERS.computeIfAbsent(jar.label(), l -> {
                try {
                    return new URLClassLoader(GeneratedPlugin.classPath(jar), ClassLoader.getPlatformClassLoader());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        private static boolean isDefault(JsonNode v) {
            return v.isNull() || (v.isNumber() && v.asLong() == 0) || (v.isBoolean() && !v.asBoolean());
        }

        private static String text(JsonNode n, String key) {
            JsonNode v = n.path(key);
            return v.isMissingNode() || v.isNull() ? null : v.asText();
        }

        private static String first(JsonNode n, String field) {
            List<String> all = GeneratedPlugin.find(n, field);
            return all.isEmpty() ? null : all.get(0);
        }

        private static JarCatalog jar(String label) throws IOException {
            for (JarCatalog j : GeneratedPlugin.catalog().jars()) if (j.label().equals(label)) return j;
            throw new AssertionError("no bundled jar " + label);
        }
    }

    /**
     * A plugin message, then the messages wrapped in it (SEQUENCER's FORWARD, FLUSH, WRAPPED_BCAST carry the original
     * in their payload, shown as a subtree), in the order the decoder gives them: the carrier, then what it carried.
     * The carrier goes without that subtree, so that its own fields are compared, not the wrapped message's.
     */
    private static void withWrapped(JsonNode message, List<JsonNode> out) {
        ObjectNode carrier = message.deepCopy();
        JsonNode wrapped = carrier.remove("jgroups.wrapped");
        out.add(carrier);
        for (JsonNode w : GeneratedPlugin.many(wrapped))
            for (JsonNode m : GeneratedPlugin.many(w.path("jgroups.msg"))) withWrapped(m, out);
    }
}
