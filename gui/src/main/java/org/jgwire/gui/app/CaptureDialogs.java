package org.jgwire.gui.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import org.jgwire.codec.cluster.ClusterSpec;

/** The dialogs that start a live capture or a test cluster. */
final class CaptureDialogs {
    /** What to capture live: an interface and the JGroups ports (empty: recognise JGroups by content). */
    record Live(String iface, List<Integer> ports) {}

    private CaptureDialogs() {}

    /** Asks for an interface and ports; empty when cancelled. */
    static Optional<Live> live(List<String> interfaces) {
        Dialog<Live> d = new Dialog<>();
        d.setTitle("Live capture");
        d.setHeaderText("Capture JGroups traffic live through libpcap");
        ChoiceBox<String> iface = new ChoiceBox<>();
        iface.getItems().setAll(interfaces);
        iface.setValue(interfaces.contains("lo") ? "lo" : interfaces.isEmpty() ? null : interfaces.get(0));
        TextField ports = new TextField();
        ports.setPromptText("e.g. 7800,7801 (empty: any port, JGroups recognised by content)");
        GridPane grid = grid();
        grid.addRow(0, new Label("Interface:"), iface);
        grid.addRow(1, new Label("Ports:"), ports);
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK && iface.getValue() != null
                ? new Live(iface.getValue(), parsePorts(ports.getText()))
                : null);
        return d.showAndWait();
    }

    /** Parses {@code 7800, 7801}; throws IllegalArgumentException naming a bad value. */
    static List<Integer> parsePorts(String text) {
        List<Integer> out = new ArrayList<>();
        if (text == null) return out;
        for (String part : text.split("[,\\s]+")) {
            if (part.isEmpty()) continue;
            int p;
            try {
                p = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("port '" + part + "' is not a number");
            }
            if (p < 0 || p > 65535) throw new IllegalArgumentException("port " + p + " must be 0 to 65535");
            out.add(p);
        }
        return out;
    }

    /** Asks for a bundled version, a stack and a member count; empty when cancelled. */
    static Optional<ClusterSpec> cluster(Path home) {
        List<String> versions = bundledVersions(home);
        Dialog<ClusterSpec> d = new Dialog<>();
        d.setTitle("Start a test cluster");
        d.setHeaderText("Real JGroups members on 127.0.0.1 (chat: messages; rpc: RpcDispatcher calls);\n"
                + "their traffic is captured live on lo");
        ChoiceBox<String> version = new ChoiceBox<>();
        version.getItems().setAll(versions);
        version.setValue(versions.isEmpty() ? null : versions.get(versions.size() - 1));
        ChoiceBox<String> stack = new ChoiceBox<>();
        stack.getItems().setAll("udp", "tcp", "tunnel");
        stack.setValue("udp");
        Spinner<Integer> members = new Spinner<>(1, 8, 3);
        ChoiceBox<String> scenario = new ChoiceBox<>();
        scenario.getItems().setAll("chat", "rpc");
        scenario.setValue("chat");
        GridPane grid = grid();
        grid.addRow(0, new Label("JGroups version:"), version);
        grid.addRow(1, new Label("Stack:"), stack);
        grid.addRow(2, new Label("Members:"), members);
        grid.addRow(3, new Label("Scenario:"), scenario);
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK && version.getValue() != null
                ? new ClusterSpec(
                        version.getValue(),
                        stack.getValue(),
                        members.getValue(),
                        scenario.getValue(),
                        null,
                        home,
                        Duration.ofMinutes(3))
                : null);
        return d.showAndWait();
    }

    /** The versions of {@code <home>/jgroups/jgroups-X.Y.Z.Final.jar}, ascending. */
    static List<String> bundledVersions(Path home) {
        Pattern name = Pattern.compile("jgroups-(\\d+\\.\\d+\\.\\d+)\\..*\\.jar");
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(home.resolve("jgroups"))) {
            files.forEach(p -> {
                Matcher m = name.matcher(p.getFileName().toString());
                if (m.matches()) out.add(m.group(1));
            });
        } catch (IOException e) {
            return out;
        }
        out.sort(CaptureDialogs::compareVersions);
        return out;
    }

    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < 3; i++) {
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) return c;
        }
        return 0;
    }

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        return grid;
    }
}
