package org.jgwire.cluster.node.raft;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Receiver;
import org.jgroups.Version;
import org.jgroups.View;
import org.jgroups.protocols.raft.InMemoryLog;
import org.jgroups.protocols.raft.RAFT;
import org.jgroups.raft.RaftHandle;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.NameCache;

/**
 * One member of a real jgroups-raft cluster, for the end-to-end test that captures its traffic: a channel on the
 * stack XML the test gives (jgroups-raft's own {@code raft.xml}, made ready for loopback), its RAFT member id and
 * logical name both {@code NAME}, the log in memory ({@link InMemoryLog}: nothing on disk), and a
 * {@link TextKeyValueMachine}. Commands go through {@link RaftHandle}, so on a follower REDIRECT carries them to the
 * leader.
 *
 * <p>Usage: {@code RaftNode NAME CLUSTER STACK_XML MEMBERS} ({@code MEMBERS}: the RAFT members, {@code A,B,C}). It
 * prints {@code ready UUID NAME JGROUPS_VERSION} once its view holds every member, then obeys one command a line on
 * stdin: {@code put KEY VALUE} (answers {@code put KEY=VALUE} once the command is committed), {@code state}
 * ({@code state k1=v1,...}), {@code stop} (leaves, prints {@code stopped}, exits 0). Between answers it prints
 * events: {@code view CREATOR|ID M1,M2,...}, {@code leader NAME term N} whenever the leader or term it knows changes,
 * and {@code applied put KEY=VALUE} for every command its state machine applies.
 */
public final class RaftNode {
    private static final long JOIN_MILLIS = TimeUnit.MINUTES.toMillis(2);
    private static final long COMMIT_SECONDS = 60;

    private RaftNode() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: RaftNode NAME CLUSTER STACK_XML MEMBERS");
            System.exit(2);
        }
        String name = args[0];
        List<String> members = List.of(args[3].split(","));
        TextKeyValueMachine machine = new TextKeyValueMachine(command -> say("applied " + command));
        JChannel ch;
        try (InputStream xml = Files.newInputStream(Path.of(args[2]))) {
            ch = new JChannel(xml).name(name);
        }
        RAFT raft = ch.getProtocolStack().findProtocol(RAFT.class);
        raft.raftId(name).members(members).logClass(InMemoryLog.class.getName());
        RaftHandle handle = new RaftHandle(ch, machine);
        ch.setReceiver(new Receiver() {
            @Override
            public void viewAccepted(View v) {
                List<String> names = new ArrayList<>();
                for (Address a : v.getMembers()) names.add(nameOf(a));
                say("view " + nameOf(v.getCreator()) + "|" + v.getViewId().getId() + " " + String.join(",", names));
            }
        });
        ch.connect(args[1]);
        Thread watcher = new Thread(() -> watchLeader(raft), "leader-watcher");
        watcher.setDaemon(true);
        watcher.start();
        awaitMembers(ch, members.size());
        say("ready " + ((ExtendedUUID) ch.getAddress()).toStringLong() + " " + name + " " + Version.major + "."
                + Version.minor + "." + Version.micro);
        serve(handle, machine);
        ch.close();
        say("stopped");
        System.exit(0); // RAFT's and the transport's daemon threads hold nothing worth waiting for
    }

    /** Prints {@code leader NAME term N} each time the leader or the term this member knows changes. */
    private static void watchLeader(RAFT raft) {
        Address leader = null;
        long term = -1;
        while (!Thread.currentThread().isInterrupted()) {
            Address l = raft.leader();
            long t = raft.currentTerm();
            if (l != null && (!Objects.equals(l, leader) || t != term)) {
                say("leader " + nameOf(l) + " term " + t);
                leader = l;
                term = t;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void awaitMembers(JChannel ch, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + JOIN_MILLIS;
        while (ch.getView() == null || ch.getView().size() < count) {
            if (System.currentTimeMillis() > deadline)
                throw new IllegalStateException("no view of " + count + " members: " + ch.getView());
            Thread.sleep(50);
        }
    }

    /** Commands until {@code stop} or the end of stdin; a failed command is answered with {@code error ...}. */
    private static void serve(RaftHandle handle, TextKeyValueMachine machine) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split(" ");
            try {
                switch (w[0]) {
                    case "put" -> {
                        byte[] command = TextKeyValueMachine.put(w[1], w[2]).getBytes(StandardCharsets.UTF_8);
                        handle.setAsync(command, 0, command.length).get(COMMIT_SECONDS, TimeUnit.SECONDS);
                        say("put " + w[1] + "=" + w[2]);
                    }
                    case "state" -> say("state " + machine.contents());
                    case "stop" -> {
                        return;
                    }
                    default -> say("error unknown command: " + line);
                }
            } catch (Exception e) {
                say("error " + line + ": " + e);
            }
        }
    }

    private static String nameOf(Address a) {
        String n = NameCache.get(a);
        return n != null ? n : String.valueOf(a);
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
