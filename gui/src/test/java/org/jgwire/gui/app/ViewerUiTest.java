package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.DetailNode;
import org.jgwire.gui.model.Hex;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.model.RowText;
import org.jgwire.gui.model.TimelineMark;
import org.jgwire.gui.view.DetailTreeView;
import org.jgwire.gui.view.HexView;
import org.jgwire.gui.view.MessageTable;
import org.jgwire.gui.view.StatsView;
import org.jgwire.output.JsonLinesWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The viewer on a real capture (samples/5.5.7/udp-chat.pcapng, three members chatting), driven headless through
 * TestFX on Monocle: expected values come from the capture's manifest (what the cluster really sent and installed).
 */
@ExtendWith(ApplicationExtension.class)
class ViewerUiTest {
    static final String PREFS = "org/jgwire/gui-test";
    static final Path SAMPLES = Path.of(System.getProperty("jgwire.samples", "../samples"));
    static final Path CAPTURE = SAMPLES.resolve("5.5.7/udp-chat.pcapng");

    private MainWindow window;
    private Manifest manifest;

    @Start
    void start(Stage stage) throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
        ViewerPrefs prefs = new ViewerPrefs(Preferences.userRoot().node(PREFS));
        DecodeOptions options = DecodeOptions.defaults(TestHome.get());
        window = new MainWindow(stage, prefs, options);
        stage.show();
    }

    @BeforeEach
    void openSample(FxRobot robot) throws Exception {
        manifest = Manifest.read(Manifest.pathFor(CAPTURE));
        robot.interact(() -> window.open(CAPTURE));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterAll
    static void forgetPrefs() throws Exception {
        Preferences.userRoot().node(PREFS).removeNode();
    }

    @Test
    void listsEveryChatMessageTheClusterSent(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        List<String> shown = new ArrayList<>();
        for (Row r : table.getItems()) {
            MessageRecord m = r.message();
            if (m != null && m.payload().text() != null && m.payload().text().startsWith("chat "))
                shown.add(m.payload().text());
        }
        List<String> sent = manifest.sent().stream()
                .map(Manifest.SentMessage::text)
                .sorted()
                .toList();
        assertEquals(sent, shown.stream().sorted().toList());
        assertTrue(robot.lookup("#status")
                .queryLabeled()
                .getText()
                .contains(table.getItems().size() + " of "));
    }

    @Test
    void selectingAMessageShowsItsTreeWithLogicalNames(FxRobot robot) {
        Manifest.SentMessage unicast = firstUnicast();
        select(robot, unicast.text());
        DetailTreeView tree = robot.lookup("#detail-tree").queryAs(DetailTreeView.class);
        List<String> top = tree.getRoot().getChildren().stream()
                .map(i -> i.getValue().label())
                .toList();
        assertTrue(top.contains("Message: BYTES " + unicast.sender() + " -> " + unicast.destination()), top.toString());
        assertTrue(
                top.stream().anyMatch(l -> l.equals("Payload: " + unicast.text().length() + " bytes")), top.toString());
    }

    @Test
    void selectingThePayloadHighlightsItsBytesInTheHexPane(FxRobot robot) {
        Manifest.SentMessage unicast = firstUnicast();
        select(robot, unicast.text());
        DetailTreeView tree = robot.lookup("#detail-tree").queryAs(DetailTreeView.class);
        TreeItem<DetailNode> payload = child(tree.getRoot(), "Payload");
        robot.interact(() -> tree.getSelectionModel().select(payload));
        WaitForAsyncUtils.waitForFxEvents();
        // The highlighted bytes, read off the hex pane, are the text the member sent.
        String expected = Hex.of(unicast.text().getBytes(StandardCharsets.UTF_8));
        assertEquals(expected, highlightedHex(robot));
    }

    @Test
    void theHexPaneShowsTheWholePacketWithTheJGroupsFrameMarked(FxRobot robot) {
        Row row = select(robot, firstUnicast().text());
        HexView hex = robot.lookup("#hex").queryAs(HexView.class);
        assertTrue(hex.showsPacket(), "the captured packet, link layer on");
        byte[] packet = hex.bytes();
        // captured on lo: a 14-byte Ethernet header (type IPv4), a 20-byte IPv4 header (protocol UDP), 8 bytes of UDP
        assertEquals(0x0800, (packet[12] & 0xff) << 8 | packet[13] & 0xff, "EtherType IPv4");
        assertEquals(0x45, packet[14] & 0xff, "IPv4, 20-byte header");
        assertEquals(17, packet[23], "IP protocol UDP");
        assertEquals(42, hex.frameBase(), "the JGroups frame follows the UDP header");
        byte[] frame = window.session().frameBytes(row, Integer.MAX_VALUE);
        assertEquals(42 + frame.length, packet.length);
        assertArrayEquals(frame, java.util.Arrays.copyOfRange(packet, 42, packet.length));
        // the frame's bytes are marked, the headers' not
        for (Label b : robot.lookup("#hex .hex-byte").queryAllAs(Label.class)) {
            Object offset = b.getProperties().get("offset");
            if (!(offset instanceof Integer i) || i >= packet.length || b.getScene() == null) continue;
            assertEquals(i >= 42, b.getStyleClass().contains("jgroups"), "byte " + i);
        }
    }

    @Test
    void selectingAHeaderHighlightsItsRangeAndClickingAByteSelectsItsHeader(FxRobot robot) {
        Manifest.SentMessage unicast = firstUnicast();
        Row row = select(robot, unicast.text());
        HeaderRecord unicast3 = row.message().header("UNICAST3");
        assertNotNull(unicast3, "a unicast message of 5.5.7 goes through UNICAST3");
        DetailTreeView tree = robot.lookup("#detail-tree").queryAs(DetailTreeView.class);
        TreeItem<DetailNode> header = child(child(tree.getRoot(), "Headers"), "UNICAST3");
        robot.interact(() -> tree.getSelectionModel().select(header));
        WaitForAsyncUtils.waitForFxEvents();
        HexView hex = robot.lookup("#hex").queryAs(HexView.class);
        assertEquals(unicast3.length() * 2, highlightedHex(robot).length());
        // The header starts with its protocol id, a short (Bits/writeShort in Message.writeHeader).
        int at = hex.frameBase() + unicast3.offset();
        int id = (hex.bytes()[at] & 0xff) << 8 | hex.bytes()[at + 1] & 0xff;
        assertEquals(unicast3.protocolId(), id);

        // The other way round: a click on the header's last byte selects the header in the tree.
        robot.interact(() -> tree.getSelectionModel().clearSelection());
        assertEquals("", highlightedHex(robot));
        Node last = byteLabel(robot, hex.frameBase() + unicast3.offset() + unicast3.length() - 1);
        robot.clickOn(last);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                tree.selectedNode().label().startsWith("UNICAST3"),
                tree.selectedNode().label());
        assertEquals(unicast3.length() * 2, highlightedHex(robot).length());
    }

    @Test
    void timelineShowsEveryViewTheCoordinatorSentAndSelectsItsMessage(FxRobot robot) {
        robot.clickOn("View changes");
        List<Label> marks =
                robot.lookup(".timeline-event").queryAllAs(Label.class).stream().toList();
        marks = marks.stream()
                .filter(l -> ((TimelineMark) l.getUserData()).isView())
                .toList();
        List<TimelineMark> events =
                marks.stream().map(l -> (TimelineMark) l.getUserData()).toList();
        // The views installed by the members, minus each cluster's first singleton view (id 0), which its only
        // member installs without sending it.
        List<String> expected = manifest.views().stream()
                .filter(v -> v.id() > 0)
                .map(v -> v.creator() + "|" + v.id() + " " + v.members())
                .distinct()
                .toList();
        assertEquals(
                expected,
                events.stream()
                        .map(e -> name(e.creator()) + "|" + e.viewId() + " "
                                + e.members().stream().map(this::name).collect(Collectors.toList()))
                        .toList());
        assertEquals(TimelineMark.Kind.FIRST, events.get(0).kind());
        assertEquals(TimelineMark.Kind.JOIN, events.get(1).kind());
        assertEquals(
                List.of("C"), events.get(1).joined().stream().map(this::name).toList());

        robot.clickOn(marks.get(1));
        WaitForAsyncUtils.waitForFxEvents();
        Row selected = robot.lookup("#messages")
                .queryAs(MessageTable.class)
                .getSelectionModel()
                .getSelectedItem();
        assertEquals(events.get(1).viewId(), selected.message().view().id());
    }

    @Test
    void aFileThatCannotBeOpenedIsReportedAndKeepsWhatIsLoaded(FxRobot robot) {
        int before = window.session().rows().size();
        robot.interact(() -> window.open(SAMPLES.resolve("no-such-capture.pcap")));
        Label banner = robot.lookup("#error-banner").queryAs(Label.class);
        assertTrue(banner.isVisible());
        assertTrue(banner.getText().contains("no-such-capture.pcap"), banner.getText());
        assertEquals(before, window.session().rows().size());
        assertFalse(window.session().rows().isEmpty());
    }

    @Test
    void filterBarShowsOnlyWhatTheExpressionSelectsAndRemembersIt(FxRobot robot) {
        int all = window.session().rows().size();
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.F)
                .release(javafx.scene.input.KeyCode.F, javafx.scene.input.KeyCode.CONTROL);
        javafx.scene.control.ComboBox<?> field = robot.lookup("#filter").queryAs(javafx.scene.control.ComboBox.class);
        assertTrue(field.getEditor().isFocused(), "Ctrl+F focuses the filter");
        robot.write("gms.type == VIEW").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        List<Long> shownViews = table.getItems().stream()
                .map(r -> {
                    assertEquals(
                            "VIEW", String.valueOf(r.message().header("GMS").field("type")));
                    return r.message().view().id();
                })
                .toList();
        // One VIEW multicast per view the coordinator installed after its first (see the timeline test).
        List<Long> expected = manifest.views().stream()
                .filter(v -> v.id() > 0)
                .map(Manifest.InstalledView::id)
                .distinct()
                .toList();
        assertEquals(expected, shownViews);
        assertTrue(field.getItems().contains("gms.type == VIEW"), "applied expressions go into the history");
        assertTrue(robot.lookup("#status").queryLabeled().getText().startsWith(expected.size() + " of " + all));
    }

    @Test
    void aBadFilterIsMarkedWhereItIsWrongAndKeepsTheRowsShown(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        int before = table.getItems().size();
        robot.clickOn("#filter").write("gms.type ==").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.ComboBox<?> field = robot.lookup("#filter").queryAs(javafx.scene.control.ComboBox.class);
        assertTrue(field.getStyleClass().contains("filter-bad"));
        String error = robot.lookup("#filter-error").queryLabeled().getText();
        assertFalse(error.isEmpty());
        // The expression ended early: the position is its length, where the caret is put.
        assertTrue(error.endsWith("position " + "gms.type ==".length()), error);
        assertEquals("gms.type ==".length(), field.getEditor().getCaretPosition());
        assertEquals(before, table.getItems().size());
    }

    /** A misspelt value of an enumerated field is an error with the nearest name, not a filter that shows nothing. */
    @Test
    void aMisspeltValueIsRefusedWithTheNearestName(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        int before = table.getItems().size();
        robot.clickOn("#filter").write("gms.type == VEIW").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.ComboBox<?> field = robot.lookup("#filter").queryAs(javafx.scene.control.ComboBox.class);
        assertTrue(field.getStyleClass().contains("filter-bad"));
        String error = robot.lookup("#filter-error").queryLabeled().getText();
        assertTrue(error.contains("did you mean 'VIEW'"), error);
        assertTrue(error.endsWith("position " + "gms.type == ".length()), error);
        assertEquals(before, table.getItems().size(), "the rows stay");
    }

    @Test
    void aBadFilterLeavesTheFilterInForceVisibleTheErrorWholeAndTheFieldItsWidth(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        Label inForce = robot.lookup("#filter-in-force").queryAs(Label.class);
        assertEquals("In force: none (every row)", inForce.getText());
        robot.clickOn("#filter").write("gms.type == VIEW").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        int filtered = table.getItems().size();
        javafx.scene.control.ComboBox<?> field = robot.lookup("#filter").queryAs(javafx.scene.control.ComboBox.class);
        double width = field.getWidth();
        assertEquals("In force: gms.type == VIEW", inForce.getText());

        String bad = "gms.type == VIEW && nakack2.seqno >";
        robot.interact(() -> field.getEditor().setText(bad));
        robot.clickOn("#filter").type(javafx.scene.input.KeyCode.END).type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        Label error = robot.lookup("#filter-error").queryAs(Label.class);
        assertTrue(error.getText().endsWith("position " + bad.length()), error.getText());
        assertTrue(error.isWrapText(), "a long error wraps rather than being cut");
        assertEquals(width, field.getWidth(), 0.5, "the error does not squeeze the field");
        assertEquals("In force: gms.type == VIEW", inForce.getText(), "the filter in force stays visible");
        assertEquals(filtered, table.getItems().size(), "the rows of the filter in force stay");
    }

    @Test
    void namesAndHeadersThatAColumnCutsAreWholeInTheirTooltips(FxRobot robot) {
        List<javafx.scene.control.TableCell<?, ?>> cells = new ArrayList<>();
        for (javafx.scene.control.TableCell<?, ?> c :
                robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class))
            if (c.getTableColumn() != null
                    && List.of("logical", "headers", "endpoints")
                            .contains(c.getTableColumn().getId())
                    && c.getText() != null
                    && !c.getText().isEmpty()) cells.add(c);
        assertFalse(cells.isEmpty(), "text cells shown");
        for (javafx.scene.control.TableCell<?, ?> c : cells) {
            assertTrue(c.getTooltip() != null, "a tooltip on " + c.getText());
            assertEquals(c.getText(), c.getTooltip().getText());
        }
    }

    @Test
    void flowDiagramDrawsTheSelectedMessagesBetweenMembers(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        List<Row> chats = table.getItems().stream()
                .filter(r -> r.message() != null && r.message().payload().text() != null)
                .toList();
        robot.interact(() -> {
            table.getSelectionModel().clearSelection();
            for (Row r : chats) table.getSelectionModel().select(r);
        });
        robot.clickOn("Flow");
        WaitForAsyncUtils.waitForFxEvents();
        List<Row> drawn = robot.lookup("#flow .flow-label").queryAllAs(Label.class).stream()
                .filter(l -> l.getUserData() instanceof Row)
                .map(l -> (Row) l.getUserData())
                .toList();
        assertEquals(
                chats.stream().map(Row::number).sorted().toList(),
                drawn.stream().map(Row::number).toList());
        List<String> lanes = robot.lookup("#flow .flow-member").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .sorted()
                .toList();
        assertEquals(
                manifest.members().stream().map(Manifest.Member::name).sorted().toList(), lanes);
        assertEquals(
                manifest.sent().stream().filter(Manifest.SentMessage::multicast).count(),
                robot.lookup("#flow .multicast").queryAll().size());
    }

    @Test
    void arrowKeysMoveThroughMessagesAndTheTreeFollows(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        robot.interact(() -> {
            table.getSelectionModel().clearAndSelect(0);
            table.getFocusModel().focus(0);
            table.requestFocus();
        });
        robot.type(javafx.scene.input.KeyCode.DOWN, 2);
        WaitForAsyncUtils.waitForFxEvents();
        Row third = table.getItems().get(2);
        assertEquals(third, table.getSelectionModel().getSelectedItem());
        DetailTreeView tree = robot.lookup("#detail-tree").queryAs(DetailTreeView.class);
        assertTrue(tree.getRoot()
                .getChildren()
                .get(0)
                .getValue()
                .label()
                .startsWith("Frame: packet #" + third.record().frame().packet() + ","));
    }

    @Test
    void sortingBySizeOrdersTheRowsAndKeepsThemAll(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        int all = table.getItems().size();
        robot.clickOn("Size");
        WaitForAsyncUtils.waitForFxEvents();
        List<Integer> sizes =
                table.getItems().stream().map(r -> RowText.size(r.record())).toList();
        assertEquals(all, sizes.size());
        assertEquals(sizes.stream().sorted().toList(), sizes);
        robot.clickOn("Size"); // descending
        WaitForAsyncUtils.waitForFxEvents();
        List<Integer> down =
                table.getItems().stream().map(r -> RowText.size(r.record())).toList();
        assertEquals(sizes.stream().sorted(Comparator.reverseOrder()).toList(), down);
    }

    @Test
    void exportWritesTheFilteredRowsInCaptureOrderAsDecodeWritesThem(FxRobot robot, @TempDir Path dir)
            throws Exception {
        robot.clickOn("#filter").write("gms").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        List<Row> shown = List.copyOf(window.session().shown());
        assertFalse(shown.isEmpty());
        Path file = dir.resolve("out.jsonl");
        robot.interact(() -> window.exportTo(shown, file));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#status").queryLabeled().getText().startsWith("Exported"));
        List<String> lines = Files.readAllLines(file);
        assertEquals(shown.size(), lines.size());
        List<Long> written = new ArrayList<>();
        for (String line : lines) {
            Matcher frame = Pattern.compile("\"frame\":(\\d+)").matcher(line);
            assertTrue(frame.find(), line);
            written.add(Long.parseLong(frame.group(1)));
        }
        assertEquals(shown.stream().map(r -> r.record().frame().packet()).toList(), written);

        ByteArrayOutputStream decode = new ByteArrayOutputStream();
        try (JsonLinesWriter w =
                new JsonLinesWriter(decode, window.session().names().get().copy())) {
            for (Row r : shown) w.write(r.record());
        }
        assertEquals(decode.toString(StandardCharsets.UTF_8), Files.readString(file));
    }

    @Test
    void columnWidthsAndRecentFilesAreRememberedForTheNextWindow(FxRobot robot) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        javafx.scene.control.TableColumn<Row, ?> headers = table.getColumns().stream()
                .filter(c -> "headers".equals(c.getId()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> headers.setPrefWidth(333));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.saveLayout());
        ViewerPrefs prefs = new ViewerPrefs(Preferences.userRoot().node(PREFS));
        assertEquals(CAPTURE.toAbsolutePath().toString(), prefs.recentFiles().get(0));
        MainWindow[] again = new MainWindow[1];
        robot.interact(() -> again[0] = new MainWindow(new Stage(), prefs, DecodeOptions.defaults(TestHome.get())));
        double restored = again[0].table().getColumns().stream()
                .filter(c -> "headers".equals(c.getId()))
                .findFirst()
                .orElseThrow()
                .getPrefWidth();
        assertEquals(headers.getWidth(), restored, 0.5);
    }

    @Test
    void statisticsCountEveryMessageByMemberAndChartThem(FxRobot robot) {
        robot.clickOn("Statistics");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<StatsView.Row> members =
                robot.lookup("#stats-members").queryAs(javafx.scene.control.TableView.class);
        assertEquals(
                manifest.members().stream().map(Manifest.Member::name).sorted().toList(),
                members.getItems().stream().map(StatsView.Row::key).sorted().toList());
        long messageRows = window.session().rows().stream()
                .filter(r -> r.message() != null)
                .count();
        assertEquals(
                messageRows,
                members.getItems().stream().mapToLong(StatsView.Row::messages).sum());
        javafx.scene.chart.LineChart<?, ?> chart =
                robot.lookup("#rate-chart").queryAs(javafx.scene.chart.LineChart.class);
        assertEquals(manifest.members().size(), chart.getData().size());
    }

    @Test
    void aDamagedCaptureShowsWhatPrecedesTheDamageAndAnErrorRow(
            FxRobot robot, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        List<Long> fullPackets = window.session().rows().stream()
                .map(r -> r.record().frame().packet())
                .toList();
        byte[] bytes = Files.readAllBytes(CAPTURE);
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 2 / 3));
        robot.interact(() -> window.open(cut));
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> !window.session().loading().get());
        WaitForAsyncUtils.waitForFxEvents();
        List<Row> rows = window.session().rows();
        Row last = rows.get(rows.size() - 1);
        assertTrue(last.record() instanceof ErrorRecord, last.record().toString());
        // Every record before the damage is the full capture's, in the same order.
        List<Long> before = rows.subList(0, rows.size() - 1).stream()
                .map(r -> r.record().frame().packet())
                .toList();
        assertFalse(before.isEmpty());
        assertEquals(fullPackets.subList(0, before.size()), before);
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().contains("1 could not be decoded"), status.getText());
        assertTrue(status.getStyleClass().contains("status-errors"));
    }

    @Test
    void ctrlCCopiesTheSelectedFieldsValue(FxRobot robot) {
        Row row = select(robot, firstUnicast().text());
        Object seqno = row.message().header("UNICAST3").field("seqno");
        DetailTreeView tree = robot.lookup("#detail-tree").queryAs(DetailTreeView.class);
        TreeItem<DetailNode> field = child(child(child(tree.getRoot(), "Headers"), "UNICAST3"), "seqno");
        robot.interact(() -> {
            tree.getSelectionModel().select(field);
            tree.requestFocus();
        });
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.C)
                .release(javafx.scene.input.KeyCode.C, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String[] copied = new String[1];
        robot.interact(() ->
                copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertEquals(String.valueOf(seqno), copied[0]);
    }

    private String name(NodeAddress a) {
        return window.session().names().get().display(a);
    }

    private Manifest.SentMessage firstUnicast() {
        return manifest.sent().stream().filter(s -> !s.multicast()).findFirst().orElseThrow();
    }

    private Row select(FxRobot robot, String text) {
        MessageTable table = robot.lookup("#messages").queryAs(MessageTable.class);
        Row row = table.getItems().stream()
                .filter(r ->
                        r.message() != null && text.equals(r.message().payload().text()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> table.selectRow(row.number()));
        WaitForAsyncUtils.waitForFxEvents();
        return row;
    }

    private static TreeItem<DetailNode> child(TreeItem<DetailNode> parent, String prefix) {
        return parent.getChildren().stream()
                .filter(i -> i.getValue().label().startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        "no " + prefix + " under " + parent.getValue().label()));
    }

    /** The hex digits of the highlighted bytes, in offset order, as the hex pane shows them. */
    private static String highlightedHex(FxRobot robot) {
        return robot.lookup("#hex .hex-byte.hl").queryAllAs(Label.class).stream()
                .filter(l -> l.getScene() != null && l.isVisible())
                .sorted(Comparator.comparingInt(l -> (Integer) l.getProperties().get("offset")))
                .map(l -> l.getText().strip())
                .collect(Collectors.joining());
    }

    private static Node byteLabel(FxRobot robot, int offset) {
        return robot.lookup("#hex .hex-byte").queryAllAs(Label.class).stream()
                .filter(l -> Integer.valueOf(offset).equals(l.getProperties().get("offset"))
                        && l.getScene() != null
                        && l.isVisible())
                .findFirst()
                .orElseThrow();
    }
}
