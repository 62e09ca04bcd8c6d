package org.jgwire.cli.analysis;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows of text printed in aligned columns: numbers right-aligned, text left-aligned, the last column unpadded. */
final class TextTable {
    private final String[] header;
    private final boolean[] right;
    private final List<String[]> rows = new ArrayList<>();

    /** A column whose header starts with '>' is right-aligned (the '>' is not shown). */
    TextTable(String... columns) {
        header = new String[columns.length];
        right = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            right[i] = columns[i].startsWith(">");
            header[i] = right[i] ? columns[i].substring(1) : columns[i];
        }
    }

    TextTable row(Object... cells) {
        String[] r = new String[header.length];
        for (int i = 0; i < r.length; i++) r[i] = i < cells.length && cells[i] != null ? cells[i].toString() : "";
        rows.add(r);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out) {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) width[i] = header[i].length();
        for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
        line(out, header, width);
        for (String[] r : rows) line(out, r, width);
    }

    private void line(PrintWriter out, String[] cells, int[] width) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) b.append("  ");
            boolean last = i == cells.length - 1;
            int pad = width[i] - cells[i].length();
            if (right[i]) b.append(" ".repeat(pad)).append(cells[i]);
            else b.append(cells[i]).append(last ? "" : " ".repeat(pad));
        }
        out.println(b.toString().stripTrailing());
    }
}
