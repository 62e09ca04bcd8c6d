package org.jgwire.codec.verify;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@link CaptureVerifier} found: every item checked, in the order categories were checked.
 *
 * @param jgroupsVersion the manifest's JGroups version
 * @param stack          the manifest's stack
 * @param scenario       the manifest's scenario
 * @param members        members in the manifest
 * @param messages       message records decoded from the capture
 * @param items          every item checked
 */
public record VerifyReport(
        String jgroupsVersion, String stack, String scenario, int members, long messages, List<VerifyItem> items) {
    public VerifyReport {
        items = List.copyOf(items);
    }

    /** True when nothing is missing, extra or mismatched. */
    public boolean agrees() {
        return items.stream().noneMatch(i -> i.outcome().disagrees());
    }

    /** The items that disagree, in order. */
    public List<VerifyItem> problems() {
        List<VerifyItem> out = new ArrayList<>();
        for (VerifyItem i : items) if (i.outcome().disagrees()) out.add(i);
        return out;
    }

    /** The categories checked, in order. */
    public Set<String> categories() {
        Set<String> out = new LinkedHashSet<>();
        for (VerifyItem i : items) out.add(i.category());
        return out;
    }

    /** How many items of a category have this outcome. */
    public long count(String category, Outcome outcome) {
        return items.stream()
                .filter(i -> i.category().equals(category) && i.outcome() == outcome)
                .count();
    }

    /** How many items of a category were checked. */
    public long count(String category) {
        return items.stream().filter(i -> i.category().equals(category)).count();
    }
}
