package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;

/** How the members' stack XMLs are made and which ports the capture filters on: a stock template or a user's XML. */
abstract class StackPlan {
    /** The stack's name in the manifest and cluster name: the stock id, or the user's file name. */
    abstract String id();

    abstract boolean udp();

    abstract boolean tunnel();

    /** Whether the members read keys the runner makes per run (SYM_ENCRYPT, SSL_KEY_EXCHANGE, X509Token). */
    boolean needsKeystore() {
        return false;
    }

    /** One member's XML: {@code tokens} fill a template (BIND_PORT, scenario knobs), {@code port} is its port. */
    abstract String render(JGroupsVersion version, Map<String, String> tokens, int port) throws IOException;

    /** The ports the capture filters on, given the run's picked ports (n members' then the extra one). */
    abstract List<Integer> capturePorts(int[] ports, int n);

    String filter(List<Integer> ports) {
        return ClusterRunner.bpf(udp(), ports);
    }

    /**
     * TCP ports of the members' failure-detection sockets the capture takes in as well (FD_SOCK's and FD_SOCK2's
     * server sockets), given the run's picked ports; empty when the stack has none.
     */
    List<Integer> sidePorts(int[] ports, int n) {
        return List.of();
    }

    static StackPlan stock(Stack stack) {
        return new StackPlan() {
            @Override
            String id() {
                return stack.id();
            }

            @Override
            boolean udp() {
                return stack.udp();
            }

            @Override
            boolean tunnel() {
                return stack == Stack.TUNNEL;
            }

            @Override
            boolean needsKeystore() {
                return stack == Stack.ENCRYPT;
            }

            @Override
            String render(JGroupsVersion version, Map<String, String> tokens, int port) throws IOException {
                return StackTemplate.render(stack, version, tokens);
            }

            /** The members' ports plus the multicast port (udp); a tunnel member talks to the router only. */
            @Override
            List<Integer> capturePorts(int[] ports, int n) {
                List<Integer> out = new ArrayList<>();
                if (stack != Stack.TUNNEL) for (int i = 0; i < n; i++) out.add(ports[i]);
                out.add(ports[n]);
                return List.copyOf(out);
            }
        };
    }

    static StackPlan user(UserStack user) {
        return new StackPlan() {
            @Override
            String id() {
                return "xml-" + user.transportName().toLowerCase(Locale.ROOT);
            }

            @Override
            boolean udp() {
                return user.udp();
            }

            /** TUNNEL and TCPGOSSIP: the runner starts the GossipRouter their members go through. */
            @Override
            boolean tunnel() {
                return user.needsRouter();
            }

            @Override
            boolean needsKeystore() {
                return user.needsKeystore();
            }

            @Override
            String render(JGroupsVersion version, Map<String, String> tokens, int port) throws IOException {
                return user.render(version, tokens, port);
            }

            /**
             * The user's bind_port range (or the runner's ports when the XML fixes none), plus mcast_port (UDP),
             * MPING's port, and the GossipRouter's (the only one a TUNNEL member talks to).
             */
            @Override
            List<Integer> capturePorts(int[] ports, int n) {
                List<Integer> out = new ArrayList<>();
                if (user.tunnel()) return List.of(ports[n]);
                if (user.bindPort() > 0)
                    for (int p = user.bindPort(); p <= user.bindPort() + user.portRange(); p++) out.add(p);
                else for (int i = 0; i < n; i++) out.add(ports[i]);
                if (user.udp()) out.add(user.mcastPort(ports[n]));
                if (user.mping()) out.add(user.mpingPort(ports[n]));
                if (user.needsRouter()) out.add(ports[n]);
                return List.copyOf(out);
            }

            /**
             * FD_SOCK's server socket, pinned to the member's picked port + {@link LoopbackRewrites#SIDE_PORT_OFFSET},
             * and FD_SOCK2's, at the transport's port + its default {@code port_offset} (the same offset).
             */
            @Override
            List<Integer> sidePorts(int[] ports, int n) {
                List<Integer> out = new ArrayList<>();
                if (user.tunnel()) return out;
                if (user.protocols().contains("FD_SOCK"))
                    for (int i = 0; i < n; i++) out.add(ports[i] + LoopbackRewrites.SIDE_PORT_OFFSET);
                if (user.protocols().contains("FD_SOCK2"))
                    for (int p : user.bindPort() > 0 ? range(user.bindPort(), user.portRange()) : picked(ports, n))
                        if (!out.contains(p + LoopbackRewrites.SIDE_PORT_OFFSET))
                            out.add(p + LoopbackRewrites.SIDE_PORT_OFFSET);
                return List.copyOf(out);
            }

            private static List<Integer> range(int from, int count) {
                List<Integer> out = new ArrayList<>();
                for (int p = from; p <= from + count; p++) out.add(p);
                return out;
            }

            private static List<Integer> picked(int[] ports, int n) {
                List<Integer> out = new ArrayList<>();
                for (int i = 0; i < n; i++) out.add(ports[i]);
                return out;
            }

            /**
             * A TCP stack with MPING: its discovery multicasts are UDP on MPING's port, the last of
             * {@link #capturePorts} (MPING has no router).
             */
            @Override
            String filter(List<Integer> ports) {
                if (user.udp() || !user.mping()) return super.filter(ports);
                int mping = ports.get(ports.size() - 1);
                return "(" + ClusterRunner.bpf(false, ports.subList(0, ports.size() - 1)) + ") or (udp and port "
                        + mping + ")";
            }
        };
    }
}
