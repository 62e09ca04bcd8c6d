package org.jgwire.gui.view;

import java.util.function.IntConsumer;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import org.jgwire.gui.model.FrameInPacket;
import org.jgwire.gui.model.Hex;

/**
 * The frame's bytes, 16 to a line (offset, hex, ASCII), virtualised by line. A byte range can be highlighted
 * (the selected tree node); clicking a byte reports its offset (to select the tree node it belongs to). Where the
 * captured packet is known, the pane shows the whole packet from the link layer on, as Wireshark does, with the
 * JGroups frame's bytes marked ({@link #showPacket}); highlights and clicks still speak of offsets in the frame.
 */
public final class HexView extends ListView<Integer> {
    /** Bytes per line. */
    public static final int WIDTH = 16;

    private byte[] bytes = new byte[0];
    private int frameLength;
    private int highlightStart = -1, highlightLength;
    /** Packet position of the frame's offset 0, and the packet's bytes that are the frame's (all in frame mode). */
    private int base, jgroupsFrom, jgroupsTo;

    private boolean packetMode;
    private IntConsumer onByte = b -> {};

    public HexView() {
        setId("hex");
        getStyleClass().add("hex-view");
        setCellFactory(l -> new LineCell());
        setFocusTraversable(true);
    }

    /** Called with a byte's offset when the user clicks it. */
    public void setOnByte(IntConsumer listener) {
        this.onByte = listener;
    }

    /**
     * Shows {@code shown} (the frame's first bytes) of a frame of {@code frameLength} bytes; null clears the pane.
     */
    public void show(byte[] shown, int frameLength) {
        showBytes(shown, frameLength);
        packetMode = false;
        base = 0;
        jgroupsFrom = 0;
        jgroupsTo = bytes.length;
    }

    /**
     * Shows a captured packet ({@code shown}: its first bytes of {@code packetLength}) with the JGroups frame at
     * {@code where} marked.
     */
    public void showPacket(byte[] shown, int packetLength, FrameInPacket where) {
        showBytes(shown, packetLength);
        packetMode = true;
        base = where.base();
        jgroupsFrom = where.from();
        jgroupsTo = where.to();
        if (jgroupsFrom < bytes.length) scrollTo(Math.max(0, jgroupsFrom / WIDTH - 1));
    }

    private void showBytes(byte[] shown, int frameLength) {
        this.bytes = shown == null ? new byte[0] : shown;
        this.frameLength = frameLength;
        highlightStart = -1;
        highlightLength = 0;
        int lines = (bytes.length + WIDTH - 1) / WIDTH;
        Integer[] items = new Integer[lines + (frameLength > bytes.length ? 1 : 0)];
        for (int i = 0; i < items.length; i++) items[i] = i;
        setItems(FXCollections.observableArrayList(items));
    }

    /** Highlights the frame's bytes {@code [start, start + length)}; a negative start removes the highlight. */
    public void highlight(int start, int length) {
        highlightStart = start;
        highlightLength = length;
        restyle();
        if (start >= 0 && start + base < bytes.length && start + base >= 0) {
            int line = (start + base) / WIDTH;
            if (!isLineVisible(line)) scrollTo(Math.max(0, line - 1));
        }
    }

    /** Re-marks the bytes of the cells that exist (refresh() would rebuild every cell). */
    private void restyle() {
        for (javafx.scene.Node n : lookupAll(".hex-byte")) {
            Object at = n.getProperties().get("offset");
            boolean on = at instanceof Integer i && i < bytes.length && highlighted(i - base);
            if (on && !n.getStyleClass().contains("hl")) n.getStyleClass().add("hl");
            else if (!on) n.getStyleClass().remove("hl");
        }
    }

    private boolean isLineVisible(int line) {
        for (javafx.scene.Node n : lookupAll(".hex-line")) {
            if (n instanceof LineCell c && !c.isEmpty() && c.getItem() != null && c.getItem() == line) return true;
        }
        return false;
    }

    public int highlightStart() {
        return highlightStart;
    }

    public int highlightLength() {
        return highlightLength;
    }

    /** The bytes shown: the packet's in packet mode, else the frame's. */
    public byte[] bytes() {
        return bytes;
    }

    /** Where the frame's offset 0 is among the bytes shown (0 unless a packet is shown). */
    public int frameBase() {
        return base;
    }

    /** Whether the whole captured packet is shown (else the frame alone). */
    public boolean showsPacket() {
        return packetMode;
    }

    private boolean highlighted(int offset) {
        return highlightStart >= 0 && offset >= highlightStart && offset < highlightStart + highlightLength;
    }

    private final class LineCell extends ListCell<Integer> {
        private final HBox box = new HBox(0);
        private final Label offset = new Label();
        private final Label[] hex = new Label[WIDTH];
        private final Label ascii = new Label();

        LineCell() {
            getStyleClass().add("hex-line");
            offset.getStyleClass().add("hex-offset");
            ascii.getStyleClass().add("hex-ascii");
            box.getChildren().add(offset);
            for (int i = 0; i < WIDTH; i++) {
                Label b = new Label();
                b.getStyleClass().add("hex-byte");
                int column = i;
                b.setOnMouseClicked(e -> {
                    Integer line = getItem();
                    if (line == null) return;
                    int at = line * WIDTH + column;
                    // a byte of the frame: its offset there (a link, IP or TCP/UDP header byte selects nothing)
                    if (at < bytes.length && at >= jgroupsFrom && at < jgroupsTo) onByte.accept(at - base);
                });
                hex[i] = b;
                box.getChildren().add(b);
            }
            box.getChildren().add(ascii);
        }

        @Override
        protected void updateItem(Integer line, boolean empty) {
            super.updateItem(line, empty);
            if (empty || line == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            int from = line * WIDTH;
            if (from >= bytes.length) {
                setGraphic(null);
                setText("... " + (frameLength - bytes.length) + " more bytes not shown ("
                        + (packetMode ? "packet" : "frame") + " of " + frameLength + " bytes)");
                return;
            }
            setText(null);
            offset.setText(String.format("%06x  ", from));
            StringBuilder text = new StringBuilder(WIDTH);
            for (int i = 0; i < WIDTH; i++) {
                int at = from + i;
                Label b = hex[i];
                b.getProperties().put("offset", at);
                if (at < bytes.length) {
                    b.setText(Hex.of(bytes[at]) + (i == 7 ? "  " : " "));
                    int c = bytes[at] & 0xff;
                    text.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
                } else {
                    b.setText(i == 7 ? "    " : "   ");
                }
                boolean on = at < bytes.length && highlighted(at - base);
                if (on && !b.getStyleClass().contains("hl")) b.getStyleClass().add("hl");
                else if (!on) b.getStyleClass().remove("hl");
                boolean jgroups = packetMode && at >= jgroupsFrom && at < jgroupsTo;
                if (jgroups && !b.getStyleClass().contains("jgroups"))
                    b.getStyleClass().add("jgroups");
                else if (!jgroups) b.getStyleClass().remove("jgroups");
            }
            ascii.setText(" " + text);
            setGraphic(box);
        }
    }
}
