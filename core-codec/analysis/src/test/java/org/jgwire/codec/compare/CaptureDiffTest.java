package org.jgwire.codec.compare;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.HeaderRecord;
import org.junit.jupiter.api.Test;

/** Which header differences of a message kind are a wire-format change and which are two runs taking other paths. */
class CaptureDiffTest {
    private static HeaderRecord gms() {
        return header("GMS", "GMS$GmsHeader", "type", "VIEW");
    }

    private static HeaderRecord h(String protocol) {
        return header(protocol, protocol + "Header");
    }

    private static CaptureProfile profile(HeaderRecord[]... messages) {
        CaptureProfile p = new CaptureProfile();
        long n = 1;
        for (HeaderRecord[] headers : messages) p.accept(message(n, n++, A, null, 7800, null, headers));
        return p;
    }

    private static List<String> lines(List<CaptureDiff.Difference> ds) {
        List<String> out = new ArrayList<>();
        for (CaptureDiff.Difference d : ds)
            if (d.section().equals("kind"))
                out.add((d.structural() ? "structural " : "other ") + d.subject() + ": " + d.change());
        return out;
    }

    @Test
    void aViewAlsoResentByUnicastInOneRunIsNotAFormatChange() {
        CaptureProfile a = profile(
                new HeaderRecord[] {gms(), h("NAKACK2"), h("TP")}, new HeaderRecord[] {gms(), h("UNICAST3"), h("TP")});
        CaptureProfile b = profile(new HeaderRecord[] {gms(), h("NAKACK2"), h("TP")});
        assertEquals(
                List.of("other GMS VIEW: headers [GMS, TP, UNICAST3] only in A (messages alone in a frame)"),
                lines(CaptureDiff.compare(a, b)));
    }

    @Test
    void aHeaderOnEveryMessageOfAKindIsAFormatChange() {
        CaptureProfile a = profile(new HeaderRecord[] {gms(), h("NAKACK2")});
        CaptureProfile b = profile(
                new HeaderRecord[] {gms(), h("NAKACK2"), h("TP")}, new HeaderRecord[] {gms(), h("NAKACK2"), h("TP")});
        assertEquals(
                List.of("structural GMS VIEW: headers added: TP (messages alone in a frame)"),
                lines(CaptureDiff.compare(a, b)));
    }

    @Test
    void aHeaderDroppedFromEveryPathIsAFormatChange() {
        CaptureProfile a = profile(
                new HeaderRecord[] {gms(), h("NAKACK2"), h("TP")}, new HeaderRecord[] {gms(), h("UNICAST3"), h("TP")});
        CaptureProfile b = profile(new HeaderRecord[] {gms(), h("NAKACK2")}, new HeaderRecord[] {gms(), h("UNICAST3")});
        assertEquals(
                List.of("structural GMS VIEW: headers removed: TP (messages alone in a frame)"),
                lines(CaptureDiff.compare(a, b)));
    }
}
