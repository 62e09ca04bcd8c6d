package org.jgwire.cluster.node.raft;

import java.io.DataInput;
import java.io.DataOutput;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.jgroups.raft.StateMachine;

/**
 * A key-value map replicated by RAFT whose commands are UTF-8 text, {@code put KEY=VALUE}, so that each command is
 * readable in the log entries on the wire. Every command applied is told to a listener (the node prints it).
 */
final class TextKeyValueMachine implements StateMachine {
    private final Map<String, String> map = new LinkedHashMap<>();
    private final Consumer<String> applied;

    TextKeyValueMachine(Consumer<String> applied) {
        this.applied = applied;
    }

    /** The command text that puts {@code value} under {@code key}. */
    static String put(String key, String value) {
        if (key.isEmpty() || key.contains("=") || key.contains(" "))
            throw new IllegalArgumentException("a key has no '=' or space and is not empty: '" + key + "'");
        return "put " + key + "=" + value;
    }

    @Override
    public synchronized byte[] apply(byte[] data, int offset, int length, boolean serializeResponse) {
        String command = new String(data, offset, length, StandardCharsets.UTF_8);
        int eq = command.indexOf('=');
        if (!command.startsWith("put ") || eq < 0)
            throw new IllegalArgumentException("not a command ('put KEY=VALUE'): " + command);
        String old = map.put(command.substring(4, eq), command.substring(eq + 1));
        applied.accept(command);
        return serializeResponse && old != null ? old.getBytes(StandardCharsets.UTF_8) : null;
    }

    /** The map as {@code k1=v1,k2=v2} in the order the keys were first put. */
    synchronized String contents() {
        StringBuilder b = new StringBuilder();
        map.forEach((k, v) ->
                b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return b.toString();
    }

    @Override
    public synchronized void readContentFrom(DataInput in) throws Exception {
        map.clear();
        for (int n = in.readInt(); n > 0; n--) map.put(in.readUTF(), in.readUTF());
    }

    @Override
    public synchronized void writeContentTo(DataOutput out) throws Exception {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }
}
