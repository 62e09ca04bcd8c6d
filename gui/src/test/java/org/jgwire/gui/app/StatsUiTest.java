package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The statistics panel's RPC and reliability tables, as {@code jgwire stats} prints them, on a real cluster whose
 * member C answered {@code echo} 12 s late (samples/5.5.7/udp-slow-rpc.pcapng, with its manifest).
 */
@ExtendWith(ApplicationExtension.class)
class StatsUiTest {
    static final String PREFS = "org/jgwire/gui-stats-test";
    static final Path CAPTURE = ViewerUiTest.SAMPLES.resolve("5.5.7/udp-slow-rpc.pcapng");

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
    @SuppressWarnings("unchecked")
    void theRpcTableHasTheCallsAndTheirLatencyAndTheReliabilityTableNamesTheSenders(FxRobot robot) throws Exception {
        Manifest manifest = Manifest.read(ViewerUiTest.SAMPLES.resolve("5.5.7/udp-slow-rpc.json"));
        robot.interact(() -> window.open(CAPTURE));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        robot.clickOn("Statistics");
        WaitForAsyncUtils.waitForFxEvents();

        List<List<String>> rpc =
                robot.lookup("#stats-rpc").queryAs(TableView.class).getItems();
        assertEquals(1, rpc.size(), rpc.toString());
        List<String> echo = rpc.get(0);
        assertEquals("echo", echo.get(0));
        assertEquals(String.valueOf(manifest.rpcCalls().size()), echo.get(1), "one request per call: " + echo);
        assertEquals(echo.get(1), echo.get(2), "every call was answered, by the fast members at least");
        assertTrue(Double.parseDouble(echo.get(6)) >= 12_000, "C answered 12 s late: " + echo);

        List<List<String>> rel =
                robot.lookup("#stats-reliability").queryAs(TableView.class).getItems();
        assertTrue(!rel.isEmpty(), "reliability rows");
        for (List<String> row : rel)
            assertTrue(
                    manifest.members().stream().anyMatch(m -> m.name().equals(row.get(1))),
                    "senders by logical name: " + row);
        assertTrue(
                rel.stream()
                        .anyMatch(r -> r.get(0).equals("NAKACK2") && r.get(1).equals("A")),
                "the coordinator's multicasts (its views): " + rel);
    }
}
