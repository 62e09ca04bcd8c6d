import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;

/**
 * Makes a large real capture for decode-bench.sh: a JGroups cluster on loopback running the runner's {@code load}
 * scenario, captured live on lo, with its manifest beside it. Single-file program on the distribution's lib/.
 *
 * <p>Usage: {@code MakeLoadCapture HOME VERSION STACK MEMBERS MESSAGES_PER_MEMBER SIZE PCAP TIMEOUT_SECONDS}, HOME
 * the distribution ({@code cli/target/jgwire}); SIZE as the scenario spells it: {@code 100}, {@code 100-1000}
 * (sizes drawn from the range, printable text) or {@code 100-1000:binary}.
 * Prints one line: {@code packets=.. dropped=.. sent=.. bytes=.. scenarioMillis=..}.
 */
public class MakeLoadCapture {
    public static void main(String[] a) throws Exception {
        if (a.length != 8) {
            System.err.println("usage: MakeLoadCapture HOME VERSION STACK MEMBERS MESSAGES_PER_MEMBER SIZE PCAP TIMEOUT_SECONDS");
            System.exit(2);
        }
        Path pcap = Path.of(a[6]);
        ClusterSpec spec = new ClusterSpec(a[1], a[2], Integer.parseInt(a[3]), "load:" + a[4] + ":" + a[5], pcap,
                Path.of(a[0]), Duration.ofSeconds(Long.parseLong(a[7])));
        ClusterRun run = ClusterRunner.run(spec);
        Manifest m = run.manifest();
        long sent = m.loadSent().stream().mapToLong(Manifest.LoadSent::messages).sum();
        for (Manifest.LoadReceived r : m.loadReceived())
            if (r.messages() != Long.parseLong(a[4]))
                System.err.println("warning: " + r.receiver() + " delivered " + r.messages() + " from " + r.sender());
        System.out.println("packets=" + m.packets() + " dropped=" + m.dropped() + " sent=" + sent + " bytes="
                + Files.size(pcap) + " scenarioMillis=" + m.timings().scenarioMillis());
    }
}
