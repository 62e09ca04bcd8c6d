package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.model.RowText;
import org.jgwire.gui.view.FlowView;
import org.jgwire.gui.view.MessageTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The flow ladder's options on the 5.5.7 pause sample (C frozen for seconds, FD_ALL3 heartbeats all along): collapsed,
 * no heartbeat is drawn and the notes count exactly the heartbeats left out; expanded, every message is drawn; spaced
 * by time, the longest silence between two drawn messages is the longest gap on the ladder.
 */
@ExtendWith(ApplicationExtension.class)
class FlowOptionsUiTest {
    static final String PREFS = "org/jgwire/gui-flow-test";
    static final Path CAPTURE = ViewerUiTest.SAMPLES.resolve("5.5.7/udp-pause.pcapng");

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
        window = new MainWindow(
                stage, new ViewerPrefs(Preferences.userRoot().node(PREFS)), DecodeOptions.defaults(TestHome.get()));
        stage.show();
    }

    @AfterAll
    static void forgetPrefs() throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
    }

    /** Every arrow row of the capture selected, the Flow tab open; returns those rows. */
    private List<Row> openFlowOfEverything(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(CAPTURE));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        List<Row> arrows = table.getItems().stream()
                .filter(r -> r.message() != null && RowText.drawnAsArrow(r.message()))
                .toList();
        assertTrue(arrows.size() < FlowView.MAX_MESSAGES, "the sample fits one ladder: " + arrows.size());
        robot.interact(() -> table.getSelectionModel().selectAll());
        robot.clickOn("Flow");
        WaitForAsyncUtils.waitForFxEvents();
        return arrows;
    }

    private static List<Label> drawn(FxRobot robot) {
        List<Label> out = new ArrayList<>(robot.lookup("#flow .flow-label").queryAllAs(Label.class).stream()
                .filter(l -> l.getUserData() instanceof Row)
                .toList());
        out.sort(Comparator.comparingInt(l -> ((Row) l.getUserData()).number()));
        return out;
    }

    @Test
    void heartbeatsCollapseIntoCountedNotesAndExpandAgain(FxRobot robot) throws Exception {
        List<Row> arrows = openFlowOfEverything(robot);
        long heartbeats = arrows.stream().filter(r -> isHeartbeat(r)).count();
        assertTrue(heartbeats > 10, "heartbeats in the sample: " + heartbeats);
        List<Label> collapsed = drawn(robot);
        assertTrue(collapsed.stream().noneMatch(l -> isHeartbeat((Row) l.getUserData())), "a heartbeat drawn");
        assertEquals(arrows.size() - heartbeats, collapsed.size());
        long counted = 0;
        for (Label note : robot.lookup("#flow .flow-collapsed").queryAllAs(Label.class))
            counted += Long.parseLong(note.getText().replaceAll("\\D", ""));
        assertEquals(heartbeats, counted, "the notes count the heartbeats left out");

        robot.clickOn("#flow-collapse-heartbeats");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(arrows.size(), drawn(robot).size(), "expanded: every message");
        assertTrue(robot.lookup("#flow .flow-collapsed").queryAll().isEmpty());
    }

    @Test
    void spacedByTimeTheLongestSilenceIsTheLongestGap(FxRobot robot) throws Exception {
        openFlowOfEverything(robot);
        CheckBox byTime = robot.lookup("#flow-by-time").queryAs(CheckBox.class);
        assertTrue(!byTime.isSelected());
        robot.clickOn(byTime);
        WaitForAsyncUtils.waitForFxEvents();
        List<Label> labels = drawn(robot);
        int longestSilence = 1, longestGap = 1;
        for (int i = 2; i < labels.size(); i++) {
            if (dt(labels, i) > dt(labels, longestSilence)) longestSilence = i;
            if (dy(labels, i) > dy(labels, longestGap)) longestGap = i;
        }
        assertTrue(dt(labels, longestSilence) > 1_000_000_000L, "a silence of over a second in the pause sample");
        assertEquals(longestSilence, longestGap, "the longest silence is drawn as the longest gap");
    }

    private static long dt(List<Label> labels, int i) {
        return ((Row) labels.get(i).getUserData()).record().frame().tsNanos()
                - ((Row) labels.get(i - 1).getUserData()).record().frame().tsNanos();
    }

    private static double dy(List<Label> labels, int i) {
        return labels.get(i).getLayoutY() - labels.get(i - 1).getLayoutY();
    }

    private static boolean isHeartbeat(Row r) {
        return r.message().headers().stream()
                .anyMatch(h -> h.headerClass() == org.jgwire.codec.model.HeaderClass.HEARTBEAT);
    }
}
