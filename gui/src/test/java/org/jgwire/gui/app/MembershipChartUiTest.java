package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.FindingCode;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.MembershipLanes;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.view.FindingsView;
import org.jgwire.gui.view.MembershipChart;
import org.jgwire.gui.view.MessageTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The membership chart in the window, on the 5.5.7 incident sample (eight members: H killed, then a partition into
 * A-D and E-G and its merge): one row per member of the manifest, drawn and fitting the window without scrolling;
 * bars of two different views between the split and the merge; a finding shades its members on the chart and selects
 * its proof frames; zooming narrows the time window and Fit shows everything again.
 */
@ExtendWith(ApplicationExtension.class)
class MembershipChartUiTest {
    static final String PREFS = "org/jgwire/gui-chart-test";
    static final Path CAPTURE = ViewerUiTest.SAMPLES.resolve("5.5.7/udp-incident.pcapng");

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
        ViewerPrefs prefs = new ViewerPrefs(Preferences.userRoot().node(PREFS));
        window = new MainWindow(stage, prefs, DecodeOptions.defaults(TestHome.get()));
        stage.show();
    }

    @AfterAll
    static void forgetPrefs() throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
    }

    private MembershipChart open(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(CAPTURE));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        robot.clickOn("Membership");
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#membership-chart").queryAs(MembershipChart.class);
    }

    @Test
    void oneRowPerMemberAndThePartitionInTwoViews(FxRobot robot) throws Exception {
        MembershipChart chart = open(robot);
        Manifest manifest = Manifest.read(Manifest.pathFor(CAPTURE));
        Set<String> members = new TreeSet<>();
        manifest.members().forEach(m -> members.add(m.name()));
        assertEquals(8, members.size());

        // the names drawn on the chart, each once, all inside the chart's height: no scrolling
        List<Text> names =
                robot.lookup(".chart-member").queryAllAs(Text.class).stream().toList();
        assertEquals(members, new TreeSet<>(names.stream().map(Text::getText).toList()));
        assertEquals(members.size(), names.size());
        double bottom = chart.getHeight();
        for (Text t : names)
            assertTrue(t.getBoundsInParent().getMaxY() < bottom, t.getText() + " drawn below the chart");

        // between the split and the merge, the bars drawn hold two different views, one per manifest group
        List<List<String>> groups = manifest.steps().stream()
                .filter(s -> !s.groups().isEmpty())
                .findFirst()
                .orElseThrow()
                .groups();
        MembershipLanes lanes = chart.lanes();
        long merge = lanes.lanes().get(0).marks().stream()
                .filter(m -> m.kind() == MembershipLanes.MarkKind.MERGED)
                .findFirst()
                .orElseThrow()
                .tsNs();
        long during = merge - 1_000_000; // a millisecond before the merge view
        Set<Object> views = new HashSet<>();
        for (List<String> g : groups) {
            Set<Object> ofGroup = new HashSet<>();
            for (String m : g) ofGroup.add(drawnSpanAt(robot, m, during).view());
            assertEquals(1, ofGroup.size(), g + " in one view: " + ofGroup);
            views.addAll(ofGroup);
        }
        assertEquals(2, views.size(), "two views between the split and the merge");
    }

    /** The span drawn for a member at a time (a bar is found by its span and the row's spans). */
    private static MembershipLanes.Span drawnSpanAt(FxRobot robot, String member, long ns) {
        MembershipChart chart = robot.lookup("#membership-chart").queryAs(MembershipChart.class);
        List<MembershipLanes.Span> ofMember = chart.lanes().lane(member).spans();
        return robot.lookup(".chart-span").queryAllAs(Rectangle.class).stream()
                .map(r -> (MembershipLanes.Span) r.getUserData())
                .filter(s -> ofMember.contains(s) && s.startNs() <= ns && ns < s.endNs())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no bar drawn for " + member + " at " + ns));
    }

    @Test
    void aFindingShadesItsMembersAndSelectsItsFrames(FxRobot robot) throws Exception {
        MembershipChart chart = open(robot);
        FindingsView findings = robot.lookup("#findings").queryAs(FindingsView.class);
        List<Finding> shown = findings.findings();
        int partition = -1;
        for (int i = 0; i < shown.size(); i++) if (shown.get(i).code() == FindingCode.PARTITION) partition = i;
        assertTrue(partition >= 0, "no partition finding: " + shown);
        Finding f = shown.get(partition);
        int index = partition;
        robot.interact(() -> findings.select(index));
        WaitForAsyncUtils.waitForFxEvents();

        Set<String> expected = new TreeSet<>();
        f.members().forEach(a -> expected.add(window.session().names().get().nameOf(a)));
        assertEquals(expected, new TreeSet<>(chart.highlighted()));
        assertEquals(
                expected.size(),
                robot.lookup(".chart-highlight").queryAll().size(),
                "one shaded span per member of the finding");
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        Set<Long> selected = new TreeSet<>();
        for (Row r : table.getSelectionModel().getSelectedItems())
            selected.add(r.record().frame().packet());
        assertEquals(new TreeSet<>(f.frames()), selected, "the rows selected are the proof frames'");
    }

    @Test
    void theWheelZoomsAndFitShowsTheWholeCapture(FxRobot robot) throws Exception {
        MembershipChart chart = open(robot);
        long[] all = chart.window();
        robot.interact(() -> chart.zoom(0.5, chart.getWidth() / 2));
        long[] zoomed = chart.window();
        assertEquals((all[1] - all[0]) / 2, zoomed[1] - zoomed[0], 1_000.0, "half the time shown");
        assertTrue(zoomed[0] >= all[0] && zoomed[1] <= all[1]);
        assertNotEquals(all[0], zoomed[0], "zoomed around the middle, not the start");
        robot.clickOn("#chart-fit");
        assertEquals(all[0], chart.window()[0]);
        assertEquals(all[1], chart.window()[1]);
        assertFalse(robot.lookup(".chart-span").queryAll().isEmpty());
    }
}
