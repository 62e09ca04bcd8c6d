package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Capture > Start test cluster: real JGroups 5.5.7 members on 127.0.0.1, captured live on lo through libpcap while
 * the viewer decodes. Needs capture rights on lo and multicast on lo (as the tests module; .ci/run sets both).
 */
@ExtendWith(ApplicationExtension.class)
class LiveClusterUiTest {
    static final String PREFS = "org/jgwire/gui-test-live";
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
        DecodeOptions options = DecodeOptions.defaults(TestHome.get());
        window = new MainWindow(stage, new ViewerPrefs(Preferences.userRoot().node(PREFS)), options);
        stage.show();
    }

    @AfterAll
    static void forgetPrefs() throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
    }

    private Manifest runCluster(FxRobot robot, String scenario) throws Exception {
        ClusterSpec spec = new ClusterSpec("5.5.7", "udp", 2, scenario, null, TestHome.get(), Duration.ofMinutes(2));
        @SuppressWarnings("unchecked")
        CompletableFuture<ClusterRun>[] run = new CompletableFuture[1];
        robot.interact(() -> run[0] = window.startCluster(spec));
        Manifest manifest = run[0].get(3, TimeUnit.MINUTES).manifest();
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> !window.session().loading().get());
        WaitForAsyncUtils.waitForFxEvents();
        return manifest;
    }

    @Test
    void showsEveryChatMessageOfATestClusterStartedFromTheViewer(FxRobot robot) throws Exception {
        Manifest manifest = runCluster(robot, "chat");
        Set<String> shown = new TreeSet<>();
        for (Row r : window.session().rows()) {
            if (ours(r, manifest)
                    && r.message().payload().text() != null
                    && r.message().payload().text().startsWith("chat "))
                shown.add(r.message().payload().text());
        }
        Set<String> sent = new TreeSet<>(
                manifest.sent().stream().map(Manifest.SentMessage::text).toList());
        assertFalse(sent.isEmpty());
        assertEquals(sent, shown);
        List<String> members =
                manifest.members().stream().map(Manifest.Member::name).toList();
        assertTrue(
                window.session().events().stream()
                        .anyMatch(e -> e.cluster().equals(manifest.cluster())
                                && e.members().size() == members.size()),
                "the timeline shows the view with every member");
    }

    @Test
    void flowLinksEveryRpcResponseOnTheWireToItsRequest(FxRobot robot) throws Exception {
        Manifest manifest = runCluster(robot, "rpc");
        robot.interact(() -> {
            var table = window.table();
            table.getSelectionModel().clearSelection();
            table.getSelectionModel().selectAll();
        });
        robot.clickOn("Flow");
        WaitForAsyncUtils.waitForFxEvents();
        Set<String> linked = new TreeSet<>();
        for (javafx.scene.Node n : robot.lookup("#flow .rpc-link").queryAll()) {
            @SuppressWarnings("unchecked")
            Map.Entry<Integer, Integer> pair = (Map.Entry<Integer, Integer>) n.getUserData();
            Row response = window.session().row(pair.getKey()),
                    request = window.session().row(pair.getValue());
            if (!ours(request, manifest)) continue;
            assertEquals(
                    request.message().src().id(), response.message().dest().id(), "a response goes to its requester");
            linked.add(name(request) + " " + name(response) + " "
                    + response.message().payload().text());
        }
        // Every reply from another member crossed the wire (a member's reply to itself stays local).
        Set<String> expected = new TreeSet<>();
        for (Manifest.RpcCall call : manifest.rpcCalls())
            call.replies().forEach((replier, value) -> {
                if (!replier.equals(call.caller())) expected.add(call.caller() + " " + replier + " " + value);
            });
        assertFalse(expected.isEmpty());
        assertEquals(expected, linked);
    }

    /** Whether a row is this run's: lo may carry other clusters' traffic (other test runs on the machine). */
    private static boolean ours(Row r, Manifest manifest) {
        return r.message() != null && manifest.cluster().equals(r.message().cluster());
    }

    private String name(Row r) {
        return window.session().names().get().display(r.message().src());
    }
}
