package org.jgwire.cli.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.TimeOfDay;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/** How the analysis commands show times, durations, addresses and views. */
final class Formats {
    private Formats() {}

    /** UTC time of day with milliseconds, as the membership timeline shows it; "-" without a time. */
    static String timeOfDay(long tsNanos) {
        return tsNanos < 0 ? "-" : TimeOfDay.millis(tsNanos);
    }

    /** Milliseconds with a precision that suits the size: 0.012, 1.25, 12.5, 1250. */
    static String ms(double ms) {
        if (Double.isNaN(ms)) return "-";
        double a = Math.abs(ms);
        if (a < 1) return String.format(Locale.ROOT, "%.3f", ms);
        if (a < 10) return String.format(Locale.ROOT, "%.2f", ms);
        if (a < 100) return String.format(Locale.ROOT, "%.1f", ms);
        return String.format(Locale.ROOT, "%.0f", ms);
    }

    /** Epoch seconds with nanoseconds, as JSON Lines writes {@code ts}. */
    static BigDecimal epochSeconds(long tsNanos) {
        return new BigDecimal(BigInteger.valueOf(tsNanos), 9);
    }

    static String viewId(ViewInfo v, NameTable names) {
        return ViewIdText.of(v.creator() != null ? names.display(v.creator()) : "?", v.id());
    }

    static String list(List<NodeAddress> l, NameTable names) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < l.size(); i++) b.append(i > 0 ? ", " : "").append(names.display(l.get(i)));
        return b.append(']').toString();
    }
}
