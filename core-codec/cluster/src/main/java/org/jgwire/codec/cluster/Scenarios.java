package org.jgwire.codec.cluster;

import java.time.Duration;
import java.util.List;

/**
 * The scenarios by name: {@code chat}, {@code rpc}, {@code large}, {@code crash}, {@code partition-merge}, {@code
 * slow-merge}, {@code firewall-partition}, {@code pause}, {@code lossy}, {@code slow-rpc}, {@code blocked-receiver},
 * {@code other-cluster}, {@code other-version}, {@code lone-member}, {@code flapping}, {@code leave-join}, {@code
 * incident}, {@code load}, {@code lock}, {@code counter}, {@code state}.
 */
public final class Scenarios {
    /** Every scenario's syntax, for help texts and error messages. */
    public static final List<String> SYNTAX = List.of(
            ChatScenario.NAME,
            RpcScenario.NAME,
            LargeScenario.SYNTAX,
            CrashScenario.NAME,
            PartitionMergeScenario.NAME,
            SlowMergeScenario.NAME,
            FirewallPartitionScenario.NAME,
            PauseScenario.NAME,
            LossyScenario.NAME,
            SlowRpcScenario.NAME,
            BlockedReceiverScenario.NAME,
            OutsiderScenario.OTHER_CLUSTER,
            OutsiderScenario.OTHER_VERSION,
            OutsiderScenario.LONE_MEMBER,
            FlappingScenario.NAME,
            LeaveJoinScenario.NAME,
            IncidentScenario.NAME,
            LoadScenario.SYNTAX,
            ServiceScenario.LOCK,
            ServiceScenario.COUNTER,
            ServiceScenario.STATE);

    private Scenarios() {}

    /** Whether scenario {@code spec} runs each member in a network namespace of its own (root needed). */
    public static boolean needsNetnsPerMember(String spec) {
        return parse(spec, null).needsNetnsPerMember();
    }

    /**
     * The scenario {@code spec} names.
     *
     * @param duration how long {@code chat} keeps talking and {@code load} keeps sending; null: one round, a count
     * @throws IllegalArgumentException for an unknown name or bad parameters, listing the known ones
     */
    static Scenario parse(String spec, Duration duration) {
        String base = spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec;
        Scenario s =
                switch (base) {
                    case ChatScenario.NAME -> spec.equals(base) ? new ChatScenario(duration) : null;
                    case RpcScenario.NAME -> spec.equals(base) ? new RpcScenario() : null;
                    case LargeScenario.NAME -> LargeScenario.parse(spec);
                    case CrashScenario.NAME -> spec.equals(base) ? new CrashScenario() : null;
                    case PartitionMergeScenario.NAME -> spec.equals(base) ? new PartitionMergeScenario() : null;
                    case SlowMergeScenario.NAME -> spec.equals(base) ? new SlowMergeScenario() : null;
                    case FirewallPartitionScenario.NAME -> spec.equals(base) ? new FirewallPartitionScenario() : null;
                    case PauseScenario.NAME -> spec.equals(base) ? new PauseScenario() : null;
                    case LossyScenario.NAME -> spec.equals(base) ? new LossyScenario() : null;
                    case SlowRpcScenario.NAME -> spec.equals(base) ? new SlowRpcScenario() : null;
                    case BlockedReceiverScenario.NAME -> spec.equals(base) ? new BlockedReceiverScenario() : null;
                    case OutsiderScenario.OTHER_CLUSTER,
                            OutsiderScenario.OTHER_VERSION,
                            OutsiderScenario.LONE_MEMBER -> spec.equals(base) ? new OutsiderScenario(base) : null;
                    case FlappingScenario.NAME -> spec.equals(base) ? new FlappingScenario() : null;
                    case LeaveJoinScenario.NAME -> spec.equals(base) ? new LeaveJoinScenario() : null;
                    case IncidentScenario.NAME -> spec.equals(base) ? new IncidentScenario() : null;
                    case LoadScenario.NAME -> LoadScenario.parse(spec, duration);
                    case ServiceScenario.LOCK, ServiceScenario.COUNTER, ServiceScenario.STATE -> spec.equals(base)
                            ? new ServiceScenario(base)
                            : null;
                    default -> null;
                };
        if (s == null)
            throw new IllegalArgumentException(
                    "unknown scenario '" + spec + "' (known: " + String.join(", ", SYNTAX) + ")");
        return s;
    }
}
