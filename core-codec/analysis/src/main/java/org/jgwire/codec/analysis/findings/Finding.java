package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jgwire.codec.model.NodeAddress;

/**
 * One conclusion about the cluster, with the frames that prove it.
 *
 * @param code     what it is about
 * @param severity how much it matters
 * @param members  the members involved, as addresses (whoever shows it resolves their names)
 * @param startNs  start of the capture-time span it covers (epoch nanoseconds), -1 when it has none
 * @param endNs    end of that span, -1 when it has none
 * @param frames   packet numbers of the frames that prove it, in capture order, never empty
 * @param summary  one plain sentence, where {@code {0}}, {@code {1}}, ... stand for {@code members} by index
 * @param fields   what is particular to its code (durations, views, counts); values are strings, numbers, booleans,
 *                 addresses, or lists of them (lists of lists for subgroups), or maps keyed by address (counts
 *                 per member), in the order they are shown
 */
public record Finding(
        FindingCode code,
        Severity severity,
        List<NodeAddress> members,
        long startNs,
        long endNs,
        List<Long> frames,
        String summary,
        Map<String, Object> fields) {
    /** What a front end says when the detectors found nothing. */
    public static final String NONE =
            "No findings: nothing in the capture shows a crash, a pause, a split, a lossy path, a late answer or"
                    + " a stall.";

    public Finding {
        if (frames.isEmpty()) throw new IllegalArgumentException(code.label() + ": a finding needs its proof frames");
        List<Long> sorted = new ArrayList<>(frames.stream().distinct().toList());
        sorted.sort(null);
        frames = List.copyOf(sorted);
        members = List.copyOf(members);
    }

    /** The summary with each member shown as {@code name} shows it. */
    public String summary(Function<NodeAddress, String> name) {
        String s = summary;
        for (int i = members.size() - 1; i >= 0; i--) s = s.replace("{" + i + "}", name.apply(members.get(i)));
        return s;
    }
}
