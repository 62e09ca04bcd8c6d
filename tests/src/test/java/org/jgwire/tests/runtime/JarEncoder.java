package org.jgwire.tests.runtime;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Writes frames with one JGroups jar, loaded in a class loader of its own (the test class path has no JGroups),
 * through reflection on the jar's public API: {@code Util.writeMessage}, {@code Util.writeMessageList},
 * {@code GMS.marshal}, {@code Discovery.marshal}.
 */
final class JarEncoder implements AutoCloseable {
    final URLClassLoader loader;

    JarEncoder(Path jar) throws Exception {
        loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    Class<?> cls(String name) throws ClassNotFoundException {
        return Class.forName(name, true, loader);
    }

    Object newInstance(String cls, Class<?>[] types, Object... args) throws Exception {
        Constructor<?> c = cls(cls).getDeclaredConstructor(types);
        c.setAccessible(true);
        return c.newInstance(args);
    }

    Object call(Object target, String method, Class<?>[] types, Object... args) throws Exception {
        Class<?> c = target instanceof Class<?> k ? k : target.getClass();
        Method m = findMethod(c, method, types);
        m.setAccessible(true);
        return m.invoke(target instanceof Class<?> ? null : target, args);
    }

    private static Method findMethod(Class<?> c, String name, Class<?>[] types) throws NoSuchMethodException {
        for (Class<?> k = c; k != null; k = k.getSuperclass())
            try {
                return k.getDeclaredMethod(name, types);
            } catch (NoSuchMethodException e) {
                // up the hierarchy
            }
        return c.getMethod(name, types);
    }

    Object uuid(long msb, long lsb) throws Exception {
        return newInstance("org.jgroups.util.UUID", new Class<?>[] {long.class, long.class}, msb, lsb);
    }

    short protocolId(String protocolClass) throws Exception {
        return (short) call(
                cls("org.jgroups.conf.ClassConfigurator"),
                "getProtocolId",
                new Class<?>[] {Class.class},
                cls(protocolClass));
    }

    /** new BytesMessage(dest, bytes).setSrc(src) */
    Object bytesMessage(Object dest, Object src, byte[] payload) throws Exception {
        Class<?> address = cls("org.jgroups.Address");
        Object msg = newInstance("org.jgroups.BytesMessage", new Class<?>[] {address, byte[].class}, dest, payload);
        return call(msg, "setSrc", new Class<?>[] {address}, src);
    }

    Object putHeader(Object msg, short id, Object header) throws Exception {
        return call(msg, "putHeader", new Class<?>[] {short.class, cls("org.jgroups.Header")}, id, header);
    }

    /** NAKACK2's header and TP's header, as a multicast has them on the wire. */
    Object withStackHeaders(Object msg, String cluster, long seqno) throws Exception {
        Object nak = call(
                cls("org.jgroups.protocols.pbcast.NakAckHeader2"),
                "createMessageHeader",
                new Class<?>[] {long.class},
                seqno);
        putHeader(msg, protocolId("org.jgroups.protocols.pbcast.NAKACK2"), nak);
        Object tp = newInstance("org.jgroups.protocols.TpHeader", new Class<?>[] {String.class}, cluster);
        return putHeader(msg, protocolId("org.jgroups.protocols.TP"), tp);
    }

    private Object out() throws Exception {
        return newInstance("org.jgroups.util.ByteArrayDataOutputStream", new Class<?>[] {int.class}, 1024);
    }

    private static byte[] bytes(Object out) throws Exception {
        byte[] buf = (byte[]) out.getClass().getMethod("buffer").invoke(out);
        int pos = (int) out.getClass().getMethod("position").invoke(out);
        return Arrays.copyOf(buf, pos);
    }

    /** Util.writeMessage(msg, out, multicast) */
    byte[] single(Object msg, boolean multicast) throws Exception {
        Object out = out();
        call(
                cls("org.jgroups.util.Util"),
                "writeMessage",
                new Class<?>[] {cls("org.jgroups.Message"), DataOutput.class, boolean.class},
                msg,
                out,
                multicast);
        return bytes(out);
    }

    /** Util.writeMessageList(dest, src, cluster, msgs, out, multicast[, transport id]): the signature varies in 5.x */
    byte[] list(Object dest, Object src, String cluster, List<Object> msgs) throws Exception {
        Object out = out();
        for (Method m : cls("org.jgroups.util.Util").getMethods()) {
            if (!m.getName().equals("writeMessageList") || m.getParameterTypes()[3] != List.class) continue;
            Object[] args = m.getParameterCount() == 7
                    ? new Object[] {
                        dest, src, cluster.getBytes(), msgs, out, dest == null, protocolId("org.jgroups.protocols.TP")
                    }
                    : new Object[] {dest, src, cluster.getBytes(), msgs, out, dest == null};
            m.invoke(null, args);
            return bytes(out);
        }
        throw new IllegalStateException("no writeMessageList(.., List, ..) in this jar");
    }

    /** A GMS VIEW message: payload GMS.marshal(view, null), header GmsHeader(VIEW). */
    Object gmsView(Object creator, long id, Object... members) throws Exception {
        Class<?> address = cls("org.jgroups.Address");
        Object[] mbrs = (Object[]) Array.newInstance(address, members.length);
        System.arraycopy(members, 0, mbrs, 0, members.length);
        Object view = call(
                cls("org.jgroups.View"),
                "create",
                new Class<?>[] {address, long.class, mbrs.getClass()},
                creator,
                id,
                mbrs);
        Object payload = call(
                cls("org.jgroups.protocols.pbcast.GMS"),
                "marshal",
                new Class<?>[] {cls("org.jgroups.View"), cls("org.jgroups.util.Digest")},
                view,
                null);
        Object msg = newInstance(
                "org.jgroups.BytesMessage", new Class<?>[] {address, cls("org.jgroups.util.ByteArray")}, null, payload);
        call(msg, "setSrc", new Class<?>[] {address}, creator);
        Object hdr = newInstance("org.jgroups.protocols.pbcast.GMS$GmsHeader", new Class<?>[] {byte.class}, (byte) 5);
        return putHeader(msg, protocolId("org.jgroups.protocols.pbcast.GMS"), hdr);
    }

    /** A discovery response: payload Discovery.marshal(PingData), header PingHeader(GET_MBRS_RSP); any version. */
    Object discoveryResponse(Object dest, Object src, String name, String ip, int port) throws Exception {
        return discovery(dest, src, name, ip, port, (byte) 2, "org.jgroups.protocols.PING");
    }

    /**
     * An MPING datagram as {@code MPING.sendMcastDiscoveryRequest} sends it: the discovery request (PingHeader
     * GET_MBRS_REQ under MPING's id, payload Discovery.marshal(PingData)) written by {@code Message.writeTo} alone.
     */
    byte[] mpingRequest(Object src, String name, String ip, int port) throws Exception {
        Object msg = discovery(null, src, name, ip, port, (byte) 1, "org.jgroups.protocols.MPING");
        Object out = out();
        call(msg, "writeTo", new Class<?>[] {java.io.DataOutput.class}, out);
        return bytes(out);
    }

    private Object discovery(Object dest, Object src, String name, String ip, int port, byte type, String protocol)
            throws Exception {
        Class<?> address = cls("org.jgroups.Address");
        Object phys = newInstance("org.jgroups.stack.IpAddress", new Class<?>[] {String.class, int.class}, ip, port);
        Object pd = newInstance(
                "org.jgroups.protocols.PingData",
                new Class<?>[] {address, boolean.class, String.class, cls("org.jgroups.PhysicalAddress")},
                src,
                true,
                name,
                phys);
        Object payload = call(
                cls("org.jgroups.protocols.Discovery"),
                "marshal",
                new Class<?>[] {cls("org.jgroups.protocols.PingData")},
                pd);
        Object msg;
        if (payload.getClass().getName().equals("org.jgroups.util.ByteArray"))
            msg = newInstance("org.jgroups.BytesMessage", new Class<?>[] {address, payload.getClass()}, dest, payload);
        else { // 3.6 and 4.x: a Message with the Buffer marshal returned
            msg = newInstance("org.jgroups.Message", new Class<?>[] {address}, dest);
            call(msg, "setBuffer", new Class<?>[] {payload.getClass()}, payload);
        }
        call(msg, "setSrc", new Class<?>[] {address}, src); // void in 3.6
        Object hdr = newInstance("org.jgroups.protocols.PingHeader", new Class<?>[] {byte.class}, type);
        return putHeader(msg, protocolId(protocol), hdr);
    }

    /** GossipData(MESSAGE, group, addr, frame).writeTo(out) */
    byte[] gossipMessage(String group, Object addr, byte[] frame) throws Exception {
        Class<?> type = cls("org.jgroups.stack.GossipType");
        Object message = type.getMethod("valueOf", String.class).invoke(null, "MESSAGE");
        Object gd = newInstance(
                "org.jgroups.stack.GossipData",
                new Class<?>[] {type, String.class, cls("org.jgroups.Address"), byte[].class},
                message,
                group,
                addr,
                frame);
        Object out = out();
        call(gd, "writeTo", new Class<?>[] {DataOutput.class}, out);
        return bytes(out);
    }

    /** new ObjectMessage(dest, obj).setSrc(src) */
    Object objectMessage(Object dest, Object src, Object obj) throws Exception {
        Class<?> address = cls("org.jgroups.Address");
        Object msg = newInstance("org.jgroups.ObjectMessage", new Class<?>[] {address, Object.class}, dest, obj);
        return call(msg, "setSrc", new Class<?>[] {address}, src);
    }

    /** new SiteUUID(msb, lsb, name, site) */
    Object siteUuid(long msb, long lsb, String name, String site) throws Exception {
        return newInstance(
                "org.jgroups.protocols.relay.SiteUUID",
                new Class<?>[] {long.class, long.class, String.class, String.class},
                msb,
                lsb,
                name,
                site);
    }

    /** new CompositeMessage(dest, msgs...).setSrc(src), or BatchMessage (5.2+) when {@code batch} */
    Object container(boolean batch, Object dest, Object src, Object... msgs) throws Exception {
        Class<?> address = cls("org.jgroups.Address"), message = cls("org.jgroups.Message");
        Object c;
        if (batch) { // as TP makes them: the original sender given, the messages in an array
            Object[] arr = (Object[]) Array.newInstance(message, msgs.length);
            System.arraycopy(msgs, 0, arr, 0, msgs.length);
            c = newInstance(
                    "org.jgroups.BatchMessage",
                    new Class<?>[] {address, address, arr.getClass(), int.class},
                    dest,
                    src,
                    arr,
                    msgs.length);
        } else {
            c = newInstance("org.jgroups.CompositeMessage", new Class<?>[] {address}, dest);
            for (Object m : msgs) call(c, "add", new Class<?>[] {message}, m);
        }
        return call(c, "setSrc", new Class<?>[] {address}, src);
    }

    /** A message from A to B with {@code payload}: BytesMessage in 5.x, Message in 3.6 and 4.x. */
    Object message(byte[] payload) throws Exception {
        Object a = uuid(1, 2), b = uuid(3, 4);
        try {
            return bytesMessage(b, a, payload);
        } catch (ClassNotFoundException fourX) {
            Class<?> address = cls("org.jgroups.Address");
            Object msg = newInstance("org.jgroups.Message", new Class<?>[] {address, byte[].class}, b, payload);
            call(msg, "setSrc", new Class<?>[] {address}, a); // void in 3.6
            return msg;
        }
    }

    /** A message with one byte of payload and {@code header} under {@code protocol}'s id, as a transport frame. */
    byte[] withHeader(String protocol, Object header) throws Exception {
        return single(putHeader(message(new byte[] {1}), protocolId(protocol), header), false);
    }

    /** An AUTH message whose token (RegexMembership: no magic id, so written by name) names {@code className}. */
    byte[] authNaming(String className) throws Exception {
        Object token = newInstance("org.jgroups.auth.RegexMembership", new Class<?>[0]);
        Object header = newInstance(
                "org.jgroups.protocols.AuthHeader", new Class<?>[] {cls("org.jgroups.auth.AuthToken")}, token);
        return renamed(withHeader("org.jgroups.protocols.AUTH", header), "org.jgroups.auth.RegexMembership", className);
    }

    /** {@code frame} with the class name {@code from}, written by {@code writeUTF}, replaced by {@code to}. */
    static byte[] renamed(byte[] frame, String from, String to) throws IOException {
        byte[] name = from.getBytes(StandardCharsets.UTF_8);
        int at = indexOf(frame, name);
        if (at < 2) throw new IllegalArgumentException(from + " is not in the frame");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(frame, 0, at - 2); // up to the name's writeUTF length
        new DataOutputStream(out).writeUTF(to);
        out.write(frame, at + name.length, frame.length - at - name.length);
        return out.toByteArray();
    }

    static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++)
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) return i;
        return -1;
    }

    @Override
    public void close() throws Exception {
        loader.close();
    }
}
