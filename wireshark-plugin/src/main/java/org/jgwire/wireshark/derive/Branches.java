package org.jgwire.wireshark.derive;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.wireshark.layout.Item;

/**
 * Builds the items of a branch from what each way writes up to the method's end: the writes all ways share at
 * their end (the code after the branch) are moved after it, so that a layout reads like the writeTo it came from.
 */
final class Branches {
    /** The codes of one switch arm and what it writes. */
    record Arm(List<String> codes, List<Item> items) {}

    private Branches() {}

    static List<Item> when(String on, Item.Test test, List<Item> yes, List<Item> no) {
        int tail = commonTail(List.of(yes, no));
        List<Item> out = new ArrayList<>();
        List<Item> y = yes.subList(0, yes.size() - tail), n = no.subList(0, no.size() - tail);
        if (!y.isEmpty() || !n.isEmpty()) out.add(new Item.If(on, test, List.copyOf(y), List.copyOf(n)));
        out.addAll(yes.subList(yes.size() - tail, yes.size()));
        return out;
    }

    /** A switch: one If per arm, each with the next as its otherwise, the default last. */
    static List<Item> chain(String on, List<Arm> arms, List<Item> otherwise) {
        List<List<Item>> all = new ArrayList<>();
        for (Arm a : arms) all.add(a.items());
        all.add(otherwise);
        int tail = commonTail(all);
        List<Item> rest = List.copyOf(otherwise.subList(0, otherwise.size() - tail));
        for (int i = arms.size() - 1; i >= 0; i--) {
            List<Item> items = arms.get(i).items();
            List<Item> body = List.copyOf(items.subList(0, items.size() - tail));
            if (body.equals(rest)) continue; // same as what follows: no test needed
            rest = List.of(new Item.If(on, new Item.Equals(arms.get(i).codes()), body, rest));
        }
        List<Item> out = new ArrayList<>(rest);
        out.addAll(otherwise.subList(otherwise.size() - tail, otherwise.size()));
        return out;
    }

    private static int commonTail(List<List<Item>> lists) {
        int min = Integer.MAX_VALUE;
        for (List<Item> l : lists) min = Math.min(min, l.size());
        int n = 0;
        outer:
        while (n < min) {
            Item last = lists.get(0).get(lists.get(0).size() - 1 - n);
            for (List<Item> l : lists) if (!l.get(l.size() - 1 - n).equals(last)) break outer;
            n++;
        }
        return n;
    }
}
