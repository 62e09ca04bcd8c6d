package org.jgwire.wireshark.layout;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads a header body with a resolved layout, exactly as the generated Lua does, so that tests can hold the
 * layouts against bytes the real JGroups classes wrote. Values: {@code Integer} for bytes, shorts and ints,
 * {@code Long} for compressed numbers, {@code Boolean}, {@code String} (addresses as {@code 8-4-4-4-12} or
 * {@code ip:port}, view ids as {@code addr|id}, merge ids as {@code addr::id}), {@code List<String>} for address
 * lists, and null.
 */
public final class LayoutReader {
    private final byte[] buf;
    private int pos;
    private final int end;
    private final Map<String, Integer> constants;

    private LayoutReader(byte[] buf, int off, int len, Map<String, Integer> constants) {
        this.constants = constants;
        this.buf = buf;
        this.pos = off;
        this.end = off + len;
    }

    /** What a layout read and how many bytes it took. */
    public record Result(Map<String, Object> values, int consumed) {}

    /** Thrown when the bytes end before the layout does, or hold something the layout cannot read. */
    public static final class LayoutException extends RuntimeException {
        LayoutException(String message) {
            super(message);
        }
    }

    public static Result read(ResolvedLayout layout, byte[] buf, int off, int len) {
        LayoutReader r = new LayoutReader(buf, off, len, layout.constants());
        Map<String, Object> values = new LinkedHashMap<>();
        r.items(layout.layout().items(), layout.constants(), values);
        return new Result(values, r.pos - off);
    }

    private void items(List<Item> items, Map<String, Integer> constants, Map<String, Object> values) {
        for (Item item : items) {
            if (item instanceof Item.Value v) {
                values.put(v.name(), value(v.kind()));
            } else if (item instanceof Item.Switch s) {
                Object on = values.get(s.on());
                for (Item.Case k : s.cases())
                    for (String c : k.constants())
                        if (constants.containsKey(c) && constants.get(c).equals(on)) {
                            items(k.items(), constants, values);
                            break;
                        }
            } else if (item instanceof Item.IfBit b) {
                Integer mask = constants.get(b.mask());
                if (mask != null && (((Integer) values.get(b.on())) & mask) != 0) items(b.items(), constants, values);
            } else if (item instanceof Item.IfPositive p) {
                if (((Integer) values.get(p.on())) > 0) items(p.items(), constants, values);
            } else if (item instanceof Item.Bit b) {
                Integer mask = constants.get(b.mask());
                if (mask != null) values.put(b.name(), (((Integer) values.get(b.on())) & mask) != 0);
            } else if (item instanceof Item.If i) {
                items(holds(i, values.get(i.on()), constants) ? i.then() : i.otherwise(), constants, values);
            }
        }
    }

    /** Whether an {@link Item.If}'s test holds for the value read before, as the Lua core decides it. */
    static boolean holds(Item.If i, Object v, Map<String, Integer> constants) {
        long n = v instanceof Boolean b ? (b ? 1 : 0) : v instanceof Number x ? x.longValue() : 0;
        if (i.test() instanceof Item.Equals e) {
            for (String c : e.codes()) {
                Integer code = constants.get(c);
                if (code != null && code == n) return true;
            }
            return false;
        }
        if (i.test() instanceof Item.Mask m)
            return constants.containsKey(m.mask()) && (n & constants.get(m.mask())) != 0;
        if (i.test() instanceof Item.Positive) return n > 0;
        return n != 0;
    }

    private Object value(Kind kind) {
        return switch (kind) {
            case BYTE -> (int) (byte) u8();
            case ENUM_BYTE -> u8();
            case BOOL -> u8() != 0;
            case SHORT -> (int) (short) u16();
            case INT -> i32();
            case LONG -> (long) i32() << 32 | (i32() & 0xFFFFFFFFL);
            case UTF -> new String(bytes(u16()), StandardCharsets.UTF_8);
            case LONG_COMPRESSED, INT_COMPRESSED -> compressed();
            case STRING -> string();
            case SHORT_BYTES -> {
                int len = (short) u16();
                yield len < 0 ? null : new String(bytes(len), StandardCharsets.ISO_8859_1);
            }
            case BYTE_BUFFER -> {
                if (u8() == 0) yield null;
                int len = i32();
                if (len < 0 || len > end - pos) throw new LayoutException("byte buffer of " + len + " bytes");
                yield new String(bytes(len), StandardCharsets.ISO_8859_1);
            }
            case INT_STRINGS -> {
                int n = i32();
                if (n < 0 || n > end - pos) throw new LayoutException("string count " + n);
                if (n == 0) yield null;
                List<String> out = new ArrayList<>();
                for (int i = 0; i < n; i++) out.add(string());
                yield out;
            }
            case HEADERS -> {
                int n = (short) u16();
                if (n != 0) throw new LayoutException(n + " nested headers: not read by header layouts");
                yield null;
            }
            case ADDRESS -> address();
            case ADDRESSES -> {
                int n = (short) u16();
                if (n < 0) yield null;
                List<String> out = new ArrayList<>();
                for (int i = 0; i < n; i++) out.add(address());
                yield out;
            }
            case INT_ADDRESSES -> {
                int n = i32();
                if (n < 0 || n > end - pos) throw new LayoutException("address count " + n);
                if (n == 0) yield null;
                List<String> out = new ArrayList<>();
                for (int i = 0; i < n; i++) out.add(address());
                yield out;
            }
            case OPT_IP_ADDRESS -> u8() == 0 ? null : ipAddress();
            case VIEW_ID -> u8() == 0 ? null : address() + "|" + compressed();
            case MERGE_ID -> address() + "::" + i32();
            case DIGEST -> digest();
            case AUTH_TOKEN -> authToken();
        };
    }

    /** AuthHeader.writeAuthToken: presence, the class's magic id (or -1 and its name), the token's writeTo. */
    private String authToken() {
        if (u8() == 0) return null;
        int magic = (short) u16();
        String name = null;
        if (magic < 0) {
            String full = new String(bytes(u16()), StandardCharsets.UTF_8);
            if (full.startsWith("org.jgroups.auth.")) name = full.substring(full.lastIndexOf('.') + 1);
            else throw new LayoutException("AUTH token of class " + full);
        } else
            for (String simple : AuthTokens.all().keySet())
                if (Integer.valueOf(magic).equals(constants.get(AuthTokens.magicConstant(simple)))) name = simple;
        AuthTokens.Token token = name == null ? null : AuthTokens.of(name);
        if (token == null) throw new LayoutException("AUTH token of class " + (name != null ? name : "magic " + magic));
        String simple = name;
        if (token.field() == null) return simple;
        Object v = value(token.kind());
        if (token.kind() == Kind.BYTE_BUFFER && v instanceof String s) v = s.length() + " bytes"; // as Lua shows it
        return simple + ": " + v;
    }

    /** Digest.writeTo(out): addresses, then per member a byte with two lengths as nibbles and two numbers. */
    private String digest() {
        int n = (short) u16();
        if (n < 0) n = 0;
        List<String> members = new ArrayList<>();
        for (int i = 0; i < n; i++) members.add(address());
        StringBuilder out = new StringBuilder();
        for (String m : members) {
            int lengths = u8();
            long delivered = littleEndian(lengths >> 4);
            long received = delivered + littleEndian(lengths & 0xF);
            if (out.length() > 0) out.append(", ");
            out.append(m)
                    .append(": [")
                    .append(delivered)
                    .append(" (")
                    .append(received)
                    .append(")]");
        }
        return members.isEmpty() ? "[]" : out.toString();
    }

    private long littleEndian(int n) {
        if (n > 8) throw new LayoutException("number of " + n + " bytes");
        long v = 0;
        for (int i = 0; i < n; i++) v |= (long) u8() << (8 * i);
        return v;
    }

    private void need(int n) {
        if (pos + n > end)
            throw new LayoutException("needs " + n + " bytes at " + pos + ", only " + (end - pos) + " left");
    }

    private int u8() {
        need(1);
        return buf[pos++] & 0xFF;
    }

    private int u16() {
        return u8() << 8 | u8();
    }

    private int i32() {
        return u16() << 16 | u16();
    }

    private byte[] bytes(int n) {
        need(n);
        byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
        pos += n;
        return b;
    }

    private long compressed() {
        int n = u8();
        if (n > 8) throw new LayoutException("compressed number of " + n + " bytes");
        long v = 0;
        for (int i = 0; i < n; i++) v |= (long) u8() << (8 * i);
        return v;
    }

    private String string() {
        if (u8() == 0) return null;
        int len = u16();
        return new String(bytes(len), StandardCharsets.UTF_8);
    }

    private String uuid() {
        need(16);
        long lsb = 0, msb = 0;
        for (int i = 0; i < 8; i++) lsb = lsb << 8 | (buf[pos + i] & 0xFF);
        for (int i = 0; i < 8; i++) msb = msb << 8 | (buf[pos + 8 + i] & 0xFF);
        pos += 16;
        return new UUID(msb, lsb).toString();
    }

    /** Util.writeAddress for the classes headers carry: null, UUID, IpAddress. */
    private String address() {
        int flags = u8();
        if ((flags & 1) != 0) return null;
        if ((flags & 2) != 0) return uuid();
        if ((flags & 16) != 0) return ipAddress();
        throw new LayoutException("address flags " + flags + " not read by header layouts");
    }

    /** IpAddress.writeTo: u8 length, 4 or 16 bytes, [i32 scope], u16 port. */
    private String ipAddress() {
        int n = u8();
        byte[] ip = bytes(n);
        if (n == 16) i32();
        int port = u16();
        try {
            return InetAddress.getByAddress(ip).getHostAddress() + ":" + port;
        } catch (UnknownHostException e) {
            throw new LayoutException("IP address of " + n + " bytes");
        }
    }
}
