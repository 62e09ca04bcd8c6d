package org.jgwire.cli.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.jgwire.cli.CommandRun;
import org.jgwire.cli.ExitCodes;
import org.junit.jupiter.api.Test;

class AnalysisCommandsTest {
    private final CommandRun jgwire = new CommandRun();
    private final StringWriter out = jgwire.out;
    private final StringWriter err = jgwire.err;

    private int run(String... args) {
        return jgwire.run(args);
    }

    @Test
    void topLevelHelpListsViewsAndStats() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("views") && out.toString().contains("stats"), out.toString());
    }

    @Test
    void viewsAndStatsHelpDescribeThemselvesWithExamples() {
        for (String cmd : new String[] {"views", "stats"}) {
            out.getBuffer().setLength(0);
            assertEquals(0, run(cmd, "--help"));
            String help = out.toString();
            for (String s : new String[] {"--format", "--names", "--max-fragment-sets", "Examples:", "jgwire " + cmd})
                assertTrue(help.contains(s), cmd + " help lacks " + s + ":\n" + help);
        }
        assertTrue(out.toString().contains("p50/p90/p99/max"), out.toString());
    }

    @Test
    void aNonPositiveFragmentBoundIsAUsageErrorNamingTheOption() {
        assertEquals(ExitCodes.USAGE, run("stats", "--max-fragment-sets", "0", "x.pcap"));
        assertTrue(err.toString().contains("--max-fragment-sets must be positive, got 0"), err.toString());
    }

    @Test
    void decodeHelpOffersNoReassemble() {
        assertEquals(0, run("decode", "--help"));
        assertTrue(out.toString().contains("--no-reassemble"), out.toString());
    }

    @Test
    void textTablesAlignColumnsNumbersRight() {
        TextTable t = new TextTable("NAME", ">COUNT", "NOTE");
        t.row("A", 5, "x").row("BBBB", 12345, "");
        StringWriter w = new StringWriter();
        t.print(new PrintWriter(w, true));
        String[] lines = w.toString().split("\n");
        assertEquals("NAME  COUNT  NOTE", lines[0]);
        assertEquals("A         5  x", lines[1]);
        assertEquals("BBBB  12345", lines[2]);
    }

    @Test
    void durationsKeepSensiblePrecision() {
        assertEquals("0.012", Formats.ms(0.0123));
        assertEquals("1.25", Formats.ms(1.25));
        assertEquals("12.5", Formats.ms(12.5));
        assertEquals("1250", Formats.ms(1250.4));
        assertEquals("-", Formats.ms(Double.NaN));
    }
}
