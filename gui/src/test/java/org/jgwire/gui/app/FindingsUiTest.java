package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.FindingCode;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.view.FindingsView;
import org.jgwire.gui.view.MessageTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The viewer's findings on a real fault (samples/5.5.7/udp-crash.pcapng: member C killed with SIGKILL): the panel
 * lists the crash and the bounces of the killed member's closed port, and selecting one selects exactly the rows of
 * its proof frames in the message table (a bounce is a row of its own).
 */
@ExtendWith(ApplicationExtension.class)
class FindingsUiTest {
    static final String PREFS = "org/jgwire/gui-findings-test";
    static final Path CAPTURE = ViewerUiTest.SAMPLES.resolve("5.5.7/udp-crash.pcapng");

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

    @Test
    void aFindingSelectsTheFramesThatProveIt(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(CAPTURE));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        WaitForAsyncUtils.waitForFxEvents();
        FindingsView view = robot.lookup("#findings").queryAs(FindingsView.class);
        List<Finding> shown = view.findings();
        // the crash, then the bounces of C's closed port before its exclusion and of B's after it left
        assertEquals(
                List.of(FindingCode.CRASH, FindingCode.ICMP_UNREACHABLE, FindingCode.ICMP_UNREACHABLE),
                shown.stream().map(Finding::code).toList(),
                shown.toString());
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        for (int i = 0; i < 2; i++) { // the crash's messages, the bounces' ICMP packets
            Finding f = shown.get(i);
            int index = i;
            robot.interact(() -> view.select(index));
            WaitForAsyncUtils.waitForFxEvents();
            Set<Long> selected = new TreeSet<>();
            for (Row r : table.getSelectionModel().getSelectedItems())
                selected.add(r.record().frame().packet());
            assertEquals(new TreeSet<>(f.frames()), selected, "the rows selected are the proof frames' of " + f);
            assertTrue(table.getSelectionModel().getSelectedItems().size()
                    >= f.frames().size());
        }
    }
}
