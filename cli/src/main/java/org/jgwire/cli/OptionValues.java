package org.jgwire.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.Scenarios;
import org.jgwire.codec.cluster.Stack;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.output.TimeFormat;

/**
 * The values an option takes from a fixed set or a bundled list, for shell completion ({@code completionCandidates}):
 * what {@code jgwire completion} writes into the script, so they are read when the script is made.
 */
public final class OptionValues {
    private OptionValues() {}

    /** The stock stacks ({@code --stack}; a stack XML file is accepted too, not completed). */
    public static final class Stacks implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Stack.ids().iterator();
        }
    }

    /** The scenarios by name ({@code --scenario}), without parameters ({@code large}, not {@code large:frag2}). */
    public static final class ScenarioNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> out = new ArrayList<>();
            for (String s : Scenarios.SYNTAX) out.add(s.replaceAll("\\[.*$", ""));
            return out.iterator();
        }
    }

    /** The JGroups versions bundled in the distribution ({@code --jgroups-version}); none when it cannot be read. */
    public static final class BundledVersions implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            try {
                return ClusterRunner.bundledVersions(VersionRuntime.defaultHome())
                        .iterator();
            } catch (IOException | RuntimeException e) {
                return List.<String>of().iterator();
            }
        }
    }

    /** The input kinds ({@code --input-format}). */
    public static final class InputKinds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return InputHints.FORMATS.stream().sorted().iterator();
        }
    }

    /** The time formats ({@code --time-format}), as they are typed: lower case. */
    public static final class TimeFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> out = new ArrayList<>();
            for (TimeFormat f : TimeFormat.values()) out.add(f.name().toLowerCase(Locale.ROOT));
            return out.iterator();
        }
    }
}
