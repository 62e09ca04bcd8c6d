import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;

/**
 * Makes samples/<version>/<stack>-chat.pcap + .json with jgwire's cluster runner (3 members, chat scenario,
 * live capture on lo) and rewrites the ports table in samples/README.md. Run by regenerate.sh.
 */
public class RegenerateSamples {
    static final List<String> ALL_STACKS = List.of("3.6.20", "4.2.30", "5.5.7");
    static final List<String> UDP_ONLY = List.of("5.0.4", "5.2.29", "5.3.7", "5.3.24", "5.4.13");
    static final String BEGIN = "<!-- ports:begin (written by regenerate.sh) -->";
    static final String END = "<!-- ports:end -->";

    public static void main(String[] args) throws Exception {
        Path samples = Path.of(args[0]);
        Path home = Path.of(args[1]);
        List<String[]> runs = new ArrayList<>();
        for (String v : ALL_STACKS) for (String s : List.of("udp", "tcp", "tunnel")) runs.add(new String[] {v, s});
        for (String v : UDP_ONLY) runs.add(new String[] {v, "udp"});
        StringBuilder table = new StringBuilder(BEGIN + "\n\n| capture | members (name uuid physical) | ports | packets |\n"
                + "| --- | --- | --- | --- |\n");
        for (String[] r : runs) {
            Path dir = Files.createDirectories(samples.resolve(r[0]));
            Path pcap = dir.resolve(r[1] + "-chat.pcap");
            ClusterRun run = ClusterRunner.run(new ClusterSpec(r[0], r[1], 3, "chat", pcap, home, Duration.ofSeconds(120)));
            Manifest m = run.manifest();
            if (m.dropped() != 0) throw new IllegalStateException(pcap + ": the capture dropped " + m.dropped() + " packets");
            List<String> members = new ArrayList<>();
            for (Manifest.Member mb : m.members()) members.add(mb.name() + " " + mb.uuid() + " " + mb.physical());
            table.append("| `").append(samples.relativize(pcap)).append("` | ").append(String.join("<br>", members))
                    .append(" | ").append(m.captureFilter()).append(" | ").append(m.packets()).append(" |\n");
            System.err.printf("%s: %d packets, %d bytes%n", pcap, m.packets(), Files.size(pcap));
        }
        table.append('\n').append(END);
        Path readme = samples.resolve("README.md");
        String text = Files.readString(readme);
        int a = text.indexOf(BEGIN), b = text.indexOf(END);
        if (a < 0 || b < a) throw new IllegalStateException(readme + " lacks the ports markers");
        Files.writeString(readme, text.substring(0, a) + table + text.substring(b + END.length()));
    }
}
