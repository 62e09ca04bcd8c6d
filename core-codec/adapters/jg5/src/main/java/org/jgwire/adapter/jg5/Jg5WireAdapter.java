package org.jgwire.adapter.jg5;

import java.io.EOFException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.protocols.pbcast.GMS;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.FrameKind;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.FrameProblem;
import org.jgwire.codec.runtime.WireAdapter;

/**
 * The JGroups 5.x adapter: compiled against 5.0.4 and run on every 5.0 to 5.5 jar, one instance per jar (its own
 * class loader). Where the API differs inside 5.x the differing member is looked up by reflection once at start
 * (see {@link JarFacts}, {@link ObjectPayloads}, {@link DiscoveryData}); wire differences inside 5.x are decided
 * by the jar's own version. Not thread-safe: the runtime calls it from one thread at a time.
 */
public final class Jg5WireAdapter implements WireAdapter {
    private JarFacts jar;
    private FrameWalker walker;
    private GossipDecoder gossip;

    @Override
    public void init(Limits limits) {
        jar = new JarFacts();
        if (limits == null) limits = Limits.DEFAULTS;
        Addresses addresses = new Addresses(limits.maxCachedAddresses());
        walker = new FrameWalker(jar, limits, addresses);
        gossip = new GossipDecoder(jar, addresses, walker);
    }

    @Override
    public String jgroupsVersion() {
        return jar.label;
    }

    @Override
    public List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(4);
        walker.begin(frame, off, out);
        walker.in.reset(buf, off, len);
        try {
            switch (kind) {
                case TRANSPORT -> walker.transport();
                case BARE_MESSAGE -> walker.bare();
                case GOSSIP -> gossip.decode(frame, out);
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
        for (byte t = 0; t < 32; t++)
            if (GmsViews.carriesView(t) && GMS.GmsHeader.type2String(t).equals(gmsType))
                return walker.views().read(t, buf, off, len);
        return null;
    }

    @Override
    public List<Record> decodeMessage(int type, byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> out = new ArrayList<>(2);
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
}
