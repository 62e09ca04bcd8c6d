package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.catalog.CoverageReport;
import org.junit.jupiter.api.Test;

/**
 * docs/wireshark-coverage.md is what the bundled jars give today: regenerated from them and compared. Run with
 * {@code -Djgwire.writeCoverage=true} to rewrite it after a change of jars or layouts.
 */
class CoverageTableTest {
    @Test
    void coverageTableInTheDocsIsUpToDate() throws Exception {
        Path doc = Decoding.samples().resolveSibling("docs").resolve("wireshark-coverage.md");
        String table = CoverageReport.markdown(GeneratedPlugin.catalog());
        if (Boolean.getBoolean("jgwire.writeCoverage")) Files.writeString(doc, table, StandardCharsets.UTF_8);
        assertEquals(
                table,
                Files.exists(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : "",
                "docs/wireshark-coverage.md is out of date: run CoverageTableTest with -Djgwire.writeCoverage=true");
    }
}
