package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.VerifyReport;
import org.jgwire.tests.decode.Decoding;

/** A committed sample decoded and held against its manifest, as {@code jgwire verify} does. */
final class ManifestCheck {
    private ManifestCheck() {}

    /** A sample's decode and its verify report. */
    record Checked(Decoding.Result decoded, VerifyReport report) {}

    /** Decodes {@code pcap}, asserting it has no error record and agrees with {@code m}. */
    static Checked decodeAndVerify(Manifest m, Path pcap) throws Exception {
        Decoding.Result decoded = Decoding.decode(pcap, InputHints.AUTO);
        assertEquals(0, decoded.summary().errors(), "errors decoding " + pcap);
        CaptureVerifier verifier = new CaptureVerifier(m);
        decoded.records().forEach(verifier);
        VerifyReport report = verifier.report();
        assertEquals(List.of(), report.problems(), "verify " + pcap);
        return new Checked(decoded, report);
    }
}
