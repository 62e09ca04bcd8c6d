package org.jgwire.adapter.classic;

import java.util.ArrayList;
import java.util.List;
import org.jgroups.Version;
import org.jgroups.protocols.pbcast.GMS;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.GmsType;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.JarVersion;
import org.jgwire.codec.runtime.ProtocolJarFacts;
import org.jgwire.codec.runtime.UnknownHeaders;
import org.jgwire.codec.runtime.WireAdapter;

/**
 * The wire adapter for the 3.x/4.x message format (no message-type short, payload behind a BUF_SET bit), shared
 * by the jg36 and jg4 modules: this source compiles against either family's jar and the subclass supplies the
 * little that differs. Decoding state (reused input, caches) is per thread, so {@link #decode} may be called
 * from several threads.
 */
public abstract class ClassicWireAdapter implements WireAdapter {
    private volatile Limits limits = Limits.DEFAULTS;
    private final UnknownHeaders unknown = new UnknownHeaders();
    private final String jar = jarVersion();
    private final JGroupsVersion version = versionOfJar();
    private final ThreadLocal<Decoders> decoders = ThreadLocal.withInitial(this::newDecoders);

    /** How this family creates a header from its magic id. */
    protected abstract HeaderFactory headerFactory();

    /** Whether GossipData carries a {@code sender} address after {@code addr} (4.0 and later). */
    protected abstract boolean gossipCarriesSender();

    @Override
    public void init(Limits limits) {
        this.limits = limits != null ? limits : Limits.DEFAULTS;
        decoders.remove();
    }

    @Override
    public void protocolJars(ProtocolJarFacts facts) {
        unknown.facts(facts);
    }

    @Override
    public String jgroupsVersion() {
        return jar;
    }

    @Override
    public List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(2);
        try {
            if (buf == null || off < 0 || len < 0 || off > buf.length - len) {
                out.add(new ErrorRecord(
                        frame,
                        ProblemKind.MALFORMED,
                        -1,
                        "no frame bytes at offset " + off + ", length " + len + " (buffer of "
                                + (buf == null ? "null" : buf.length + " bytes") + ")"));
                return out;
            }
            Decoders d = decoders.get();
            switch (kind) {
                case TRANSPORT -> d.transport.decode(buf, off, off + len, off, frame, out);
                case GOSSIP -> {
                    if (d.gossip != null) d.gossip.decode(buf, off, len, frame, out);
                    else
                        out.add(new ErrorRecord(
                                frame,
                                ProblemKind.UNSUPPORTED_VERSION,
                                0,
                                "JGroups " + jar
                                        + " predates GossipType (3.6): its GossipRouter protocol is not decoded"));
                }
                case BARE_MESSAGE -> out.add(new ErrorRecord(
                        frame,
                        ProblemKind.UNSUPPORTED_VERSION,
                        0,
                        "bare messages come from FD_SOCK2 (JGroups 5.x); JGroups " + jar + "'s FD_SOCK sends only "
                                + "single signal bytes on its socket and its messages through the transport"));
            }
        } catch (Throwable t) { // the decoders report bad bytes themselves; this is the last line of defence
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.MALFORMED,
                    -1,
                    "JGroups " + jar + " failed on a " + kind + " frame of " + len + " bytes: " + t));
        }
        return out;
    }

    /**
     * A message serialized by {@code Message.writeTo} alone (3.6/4.x messages have no type short: {@code type} is
     * ignored), as SEQUENCER wraps one into another's payload.
     */
    @Override
    public List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(2);
        if (buf == null || off < 0 || len < 0 || off > buf.length - len) {
            out.add(new ErrorRecord(frame, ProblemKind.MALFORMED, -1, "no message bytes at offset " + off));
            return out;
        }
        decoders.get().transport.serialized(buf, off, off + len, frame, out);
        return out;
    }

    @Override
    public ViewInfo decodeView(String gmsType, byte[] buf, int off, int len) throws Exception {
        byte t = (byte) GmsType.of(gmsType).code();
        // the jar names its code as the header did: the codes are the same in every jar, checked all the same
        if (t == 0 || !Views.carriesView(t) || !GMS.GmsHeader.type2String(t).equals(gmsType)) return null;
        return decoders.get().cx.views.read(t, buf, off, len);
    }

    private Decoders newDecoders() {
        Context cx = new Context(jar, version, headerFactory(), limits, unknown);
        TransportDecoder transport = new TransportDecoder(cx);
        GossipDecoder gossip;
        try {
            gossip = new GossipDecoder(cx, gossipCarriesSender(), transport);
        } catch (LinkageError e) { // 3.5 jars have no org.jgroups.stack.GossipType: a different GossipRouter wire
            gossip = null;
        }
        return new Decoders(cx, transport, gossip);
    }

    private record Decoders(Context cx, TransportDecoder transport, GossipDecoder gossip) {}

    private static JGroupsVersion versionOfJar() {
        try {
            return JarVersion.of(Version.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("org.jgroups.Version.version missing in this jar", e);
        }
    }

    /** {@code "4.2.30.Final"}, from {@code "JGroups 4.2.30.Final (Julier)"}: printVersion() lacks the qualifier. */
    private static String jarVersion() {
        String d = Version.printDescription();
        String[] words = d != null ? d.trim().split("\\s+") : new String[0];
        return words.length >= 2 && Character.isDigit(words[1].charAt(0)) ? words[1] : Version.printVersion();
    }
}
