package org.jgwire.codec.merge;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The clock offsets between captures, as NTP estimates them: for two hosts X and Y, a message seen leaving X at
 * X's time {@code tx} and arriving at Y at Y's time {@code ty} took {@code ty - tx = delay + (θY - θX)}; the
 * smallest such difference each way holds the least delay, and with the same least delay both ways
 * {@code θY - θX = (min(X→Y) - min(Y→X)) / 2}. Only messages seen once in each capture count (a message sent again
 * unchanged could pair the wrong copies). The first capture is the reference; captures are reached from it pair by
 * pair, through pairs with messages both ways first.
 */
final class ClockOffsets {
    private ClockOffsets() {}

    /** The offset and how it was found, for each capture, from what the first part of each showed. */
    static List<CaptureClock> estimate(List<String> labels, List<FirstLook> looks, Map<Integer, Long> given) {
        int n = labels.size();
        List<Map<Long, Long>> sent = new ArrayList<>(), received = new ArrayList<>();
        for (FirstLook l : looks) {
            sent.add(l.sent());
            received.add(l.received());
        }
        long[][] min = new long[n][n];
        long[][] pairs = new long[n][n];
        for (int x = 0; x < n; x++)
            for (int y = 0; y < n; y++) {
                if (x == y) continue;
                Map<Long, Long> in = received.get(y);
                for (Map.Entry<Long, Long> e : sent.get(x).entrySet()) {
                    Long ty = in.get(e.getKey());
                    if (ty == null) continue;
                    long d = ty - e.getValue();
                    if (pairs[x][y]++ == 0 || d < min[x][y]) min[x][y] = d;
                }
            }
        Long[] offset = new Long[n];
        String[] how = new String[n];
        long[] used = new long[n];
        Deque<Integer> known = new ArrayDeque<>();
        for (Map.Entry<Integer, Long> e : given.entrySet()) {
            offset[e.getKey()] = e.getValue();
            how[e.getKey()] = "given";
            known.add(e.getKey());
        }
        if (offset[0] == null) { // the first capture is the reference, given offsets or not
            offset[0] = 0L;
            how[0] = "reference";
            known.add(0);
        }
        spreadAll(known, offset, how, used, min, pairs);
        for (int root = 0; root < n; root++) {
            if (offset[root] != null) continue;
            offset[root] = 0L; // the first of captures no pair links to a known clock
            how[root] = "unknown";
            known.add(root);
            spreadAll(known, offset, how, used, min, pairs);
        }
        List<CaptureClock> out = new ArrayList<>();
        for (int c = 0; c < n; c++)
            out.add(new CaptureClock(labels.get(c), looks.get(c).host(), offset[c], how[c], used[c]));
        return out;
    }

    private static void spreadAll(
            Deque<Integer> known, Long[] offset, String[] how, long[] used, long[][] min, long[][] pairs) {
        spread(known, offset, how, used, min, pairs, true);
        spread(new ArrayDeque<>(reached(offset)), offset, how, used, min, pairs, false);
    }

    private static List<Integer> reached(Long[] offset) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < offset.length; i++) if (offset[i] != null) out.add(i);
        return out;
    }

    /** From the captures in {@code queue}, every capture a pair reaches: both ways only, or one way too. */
    private static void spread(
            Deque<Integer> queue,
            Long[] offset,
            String[] how,
            long[] used,
            long[][] min,
            long[][] pairs,
            boolean bothWays) {
        while (!queue.isEmpty()) {
            int x = queue.poll();
            for (int y = 0; y < offset.length; y++) {
                if (offset[y] != null || x == y) continue;
                boolean out = pairs[x][y] > 0, back = pairs[y][x] > 0;
                if (out && back) {
                    offset[y] = offset[x] + (min[x][y] - min[y][x]) / 2;
                    how[y] = "estimated";
                } else if (!bothWays && (out || back)) {
                    offset[y] = offset[x] + (out ? min[x][y] : -min[y][x]);
                    how[y] = "one-way";
                } else continue;
                used[y] = pairs[x][y] + pairs[y][x];
                queue.add(y);
            }
        }
    }
}
