package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged captures never make the plugin fail: every sample with random byte errors ({@code editcap -E}, fixed
 * seeds) and cut to a short snap length is dissected without a Lua error (also none caught and shown as expert
 * info) and without an internal problem, and the
 * damage shows up as JGroups expert info.
 */
class PluginRobustnessTest {
    @TempDir
    Path dir;

    @Test
    void fuzzedSamplesGiveExpertInfoAndNoLuaError() throws Exception {
        List<String> problems = new ArrayList<>();
        int experts = 0;
        for (Path sample : GeneratedPlugin.samples()) {
            for (int seed = 1; seed <= 2; seed++) {
                Path fuzzed = dir.resolve("fuzz-" + seed + "-" + sample.getFileName());
                Decoding.tool(
                        "editcap",
                        "-E",
                        "0.02",
                        "--seed",
                        Integer.toString(seed),
                        sample.toString(),
                        fuzzed.toString());
                experts += check(fuzzed, sample + " seed " + seed, problems);
            }
            Path cut = dir.resolve("cut-" + sample.getFileName());
            Decoding.tool("editcap", "-s", "90", sample.toString(), cut.toString());
            experts += check(cut, sample + " cut to 90 bytes", problems);
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(experts > 50, "damaged captures should give JGroups expert info; got " + experts);
    }

    /** Returns the JGroups expert items; notes Lua errors and internal problems. */
    private static int check(Path capture, String what, List<String> problems) throws Exception {
        String out = new String(
                Decoding.tool(
                        "tshark",
                        "-n",
                        "-X",
                        "lua_script:" + GeneratedPlugin.path(),
                        "-r",
                        capture.toString(),
                        "-T",
                        "fields",
                        "-E",
                        "occurrence=a",
                        "-e",
                        "frame.number",
                        "-e",
                        "_ws.lua.error",
                        "-e",
                        "jgroups.internal",
                        "-e",
                        "jgroups.truncated",
                        "-e",
                        "jgroups.malformed",
                        "-e",
                        "jgroups.unknown_header",
                        "-e",
                        "jgroups.unknown_version",
                        "-e",
                        "_ws.expert.message"),
                StandardCharsets.UTF_8);
        int experts = 0;
        for (String line : out.split("\n")) {
            String[] f = line.split("\t", -1);
            if (f.length < 7) continue;
            if (!f[1].isEmpty() || !f[2].isEmpty()) problems.add(what + " frame " + f[0] + ": " + f[1] + f[2]);
            // a Lua error the plugin caught and filed as expert info is still a failure of the plugin
            if (f.length > 7 && GeneratedPlugin.LUA_LOCATION.matcher(f[7]).find())
                problems.add(what + " frame " + f[0] + ": " + f[7]);
            for (int i = 3; i < 7; i++) if (!f[i].isEmpty()) experts++;
        }
        return experts;
    }
}
