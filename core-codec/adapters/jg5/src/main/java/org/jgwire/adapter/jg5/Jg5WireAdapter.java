package org.jgwire.adapter.jg5;

import java.io.EOFException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.util.ByteArrayDataInputStream;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.GmsType;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.EncryptHeaderFields;
import org.jgwire.codec.runtime.FrameProblem;
import org.jgwire.codec.runtime.ProtocolJarFacts;
import org.jgwire.codec.runtime.WireAdapter;

/**
 * The JGroups 5.x adapter: compiled against 5.0.4 and run on every 5.0 to 5.5 jar, one instance per jar (its own
 * class loader). Where the API differs inside 5.x the differing member is looked up by reflection once at start
 * (see {@link JarFacts}, {@link ObjectPayloads}, {@link DiscoveryData}); wire differences inside 5.x are decided
 * by the jar's own version. The walker (reused input, address cache) is per thread, so {@link #decode} may be
 * called from several threads (parallel decoding); the jar's facts are shared, their lazy caches idempotent.
 */
public final class Jg5WireAdapter implements WireAdapter {
    private volatile JarFacts jar;
    private volatile Limits limits = Limits.DEFAULTS;
    private final ThreadLocal<Walk> walks = ThreadLocal.withInitial(this::newWalk);

    @Override
    public void init(Limits limits) {
        jar = new JarFacts();
        this.limits = limits != null ? limits : Limits.DEFAULTS;
        walks.remove();
    }

    @Override
    public void protocolJars(ProtocolJarFacts facts) {
        jar.unknown.facts(facts);
    }

    private Walk newWalk() {
        Addresses addresses = new Addresses(limits.maxCachedAddresses());
        FrameWalker walker = new FrameWalker(jar, limits, addresses);
        return new Walk(walker, new GossipDecoder(jar, addresses, walker));
    }

    private record Walk(FrameWalker walker, GossipDecoder gossip) {}

    @Override
    public String jgroupsVersion() {
        return jar.label;
    }

    @Override
    public List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(4);
        Walk w = walks.get();
        FrameWalker walker = w.walker();
        walker.begin(frame, off, out);
        walker.in.reset(buf, off, len);
        try {
            switch (kind) {
                case TRANSPORT -> walker.transport();
                case BARE_MESSAGE -> walker.bare();
                case GOSSIP -> w.gossip().decode(frame, out);
            }
        } catch (FrameProblem p) {
            out.add(p.record(frame, off));
        } catch (EOFException e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    walker.in.position() - off,
                    kind + " frame of " + len + " bytes ends inside a structure (JGroups " + jar.label + "): "
                            + e.getMessage()));
        } catch (Exception | LinkageError | StackOverflowError e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.MALFORMED,
                    walker.in.position() - off,
                    kind + " frame cannot be read by JGroups " + jar.label + " near offset "
                            + (walker.in.position() - off) + ": " + e));
        }
        return out;
    }

    @Override
    public ViewInfo decodeView(String gmsType, byte[] buf, int off, int len) throws Exception {
        byte t = (byte) GmsType.of(gmsType).code();
        // the jar names its code as the header did: the codes are the same in every jar, checked all the same
        if (t == 0 || !GmsViews.carriesView(t) || !GMS.GmsHeader.type2String(t).equals(gmsType)) return null;
        return walks.get().walker().views().read(t, buf, off, len);
    }

    @Override
    public List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(2);
        FrameWalker walker = walks.get().walker();
        walker.begin(frame, off, out);
        walker.in.reset(buf, off, len);
        try {
            walker.serialized((short) type);
        } catch (FrameProblem p) {
            out.add(p.record(frame, off));
        } catch (EOFException e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    walker.in.position() - off,
                    "serialized message of " + len + " bytes ends inside a structure (JGroups " + jar.label + "): "
                            + e.getMessage()));
        } catch (Exception | LinkageError | StackOverflowError e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.MALFORMED,
                    walker.in.position() - off,
                    "serialized message cannot be read by JGroups " + jar.label + " near offset "
                            + (walker.in.position() - off) + ": " + e));
        }
        return out;
    }

    /**
     * SYM_ENCRYPT/ASYM_ENCRYPT's header read by the jar ({@code EncryptHeader.readFrom}): type 0 marks an encrypted
     * message ({@code Encrypt.encrypt}), {@code needs_deserialization} a whole message encrypted.
     */
    @Override
    public EncryptHeaderFields readEncryptHeader(int magicId, byte[] buf, int off, int len) {
        try {
            if (!(ClassConfigurator.create((short) magicId) instanceof EncryptHeader h)) return null;
            h.readFrom(new ByteArrayDataInputStream(buf, off, len));
            return new EncryptHeaderFields(
                    h.type() == 0,
                    h.version(),
                    h.iv(),
                    null,
                    h.needsDeserialization(),
                    h.type() == EncryptHeader.INSTALL_KEYS);
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    /** ASYM_ENCRYPT's key block, walked as {@code unserializeAndInstallKeys} reads it (lengths checked first). */
    @Override
    public int keyBlockLength(byte[] buf, int off, int len) {
        try {
            ByteArrayDataInputStream in = new ByteArrayDataInputStream(buf, off, len);
            int members = in.readInt();
            if (members < 0 || members > len) return -1;
            for (int i = 0; i < members; i++) {
                Util.readAddress(in);
                for (int k = 0; k < 2; k++) { // public key, encrypted shared key
                    int n = in.readInt();
                    if (n < 0 || n > off + len - in.position()) return -1;
                    in.position(in.position() + n);
                }
            }
            return in.position() - off;
        } catch (Exception | LinkageError e) {
            return -1;
        }
    }
}
