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
 * info) and without an internal problem, and the damage shows up as JGroups expert info.
 *
 * <p>The samples are joined one after the other into one capture ({@code mergecap -a}) and each damage is done to
 * that capture, so that tshark starts three times rather than three times per sample; a problem names the sample its
 * frame came from. Joined, the samples' TCP connections may share ports and meet in one conversation, which is more
 * damage still, not less.
 */
class PluginRobustnessTest {
    @TempDir
    Path dir;

    @Test
    void fuzzedSamplesGiveExpertInfoAndNoLuaError() throws Exception {
        List<Path> samples = GeneratedPlugin.samples();
        Path joined = dir.resolve("samples.pcapng");
        List<String> join = new ArrayList<>(List.of("mergecap", "-a", "-F", "pcapng", "-w", joined.toString()));
        for (Path sample : samples) join.add(sample.toString());
        Decoding.tool(join.toArray(String[]::new));
        FrameOrigins origins = FrameOrigins.of(samples);

        List<String> problems = new ArrayList<>();
        int experts = 0;
        for (int seed = 1; seed <= 2; seed++) {
            Path fuzzed = dir.resolve("fuzz-" + seed + ".pcapng");
            Decoding.tool(
                    "editcap", "-E", "0.02", "--seed", Integer.toString(seed), joined.toString(), fuzzed.toString());
            experts += check(fuzzed, "seed " + seed, origins, problems);
        }
        Path cut = dir.resolve("cut.pcapng");
        Decoding.tool("editcap", "-s", "90", joined.toString(), cut.toString());
        experts += check(cut, "cut to 90 bytes", origins, problems);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(experts > 50, "damaged captures should give JGroups expert info; got " + experts);
    }

    /** Which sample a frame of the joined capture came from, by the samples' packet counts ({@code capinfos}). */
    private record FrameOrigins(List<Path> samples, long[] lastFrame) {
        static FrameOrigins of(List<Path> samples) throws Exception {
            List<String> cmd = new ArrayList<>(List.of("capinfos", "-c", "-M", "-T", "-r"));
            for (Path sample : samples) cmd.add(sample.toString());
            String[] rows = new String(Decoding.tool(cmd.toArray(String[]::new)), StandardCharsets.UTF_8).split("\n");
            assertTrue(rows.length == samples.size(), "capinfos rows: " + rows.length + " for " + samples.size());
            long[] last = new long[samples.size()];
            long total = 0;
            for (int i = 0; i < rows.length; i++) {
                String[] f = rows[i].split("\t");
                assertTrue(Path.of(f[0]).equals(samples.get(i)), "capinfos row " + i + ": " + rows[i]);
                last[i] = total += Long.parseLong(f[1].trim());
            }
            return new FrameOrigins(samples, last);
        }

        String of(long frame) {
            for (int i = 0; i < lastFrame.length; i++)
                if (frame <= lastFrame[i])
                    return samples.get(i) + " frame " + (frame - (i == 0 ? 0 : lastFrame[i - 1]));
            return "frame " + frame + " past the samples' " + lastFrame[lastFrame.length - 1];
        }
    }

    /** Returns the JGroups expert items; notes Lua errors and internal problems. */
    private static int check(Path capture, String what, FrameOrigins origins, List<String> problems) throws Exception {
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
            String where = origins.of(Long.parseLong(f[0])) + " (" + what + ")";
            if (!f[1].isEmpty() || !f[2].isEmpty()) problems.add(where + ": " + f[1] + f[2]);
            // a Lua error the plugin caught and filed as expert info is still a failure of the plugin
            if (f.length > 7 && GeneratedPlugin.LUA_LOCATION.matcher(f[7]).find()) problems.add(where + ": " + f[7]);
            for (int i = 3; i < 7; i++) if (!f[i].isEmpty()) experts++;
        }
        return experts;
    }
}
