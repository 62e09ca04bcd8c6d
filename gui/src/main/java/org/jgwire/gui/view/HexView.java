package org.jgwire.gui.view;

import java.util.function.IntConsumer;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import org.jgwire.gui.model.Hex;

/**
 * The frame's bytes, 16 to a line (offset, hex, ASCII), virtualised by line. A byte range can be highlighted
 * (the selected tree node); clicking a byte reports its offset (to select the tree node it belongs to).
 */
public final class HexView extends ListView<Integer> {
    /** Bytes per line. */
    public static final int WIDTH = 16;

    private byte[] bytes = new byte[0];
    private int frameLength;
    private int highlightStart = -1, highlightLength;
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
        this.bytes = shown == null ? new byte[0] : shown;
        this.frameLength = frameLength;
        highlightStart = -1;
        highlightLength = 0;
        int lines = (bytes.length + WIDTH - 1) / WIDTH;
        Integer[] items = new Integer[lines + (frameLength > bytes.length ? 1 : 0)];
        for (int i = 0; i < items.length; i++) items[i] = i;
        setItems(FXCollections.observableArrayList(items));
    }

    /** Highlights {@code [start, start + length)}; a negative start removes the highlight. */
    public void highlight(int start, int length) {
        highlightStart = start;
        highlightLength = length;
        restyle();
        if (start >= 0 && start < bytes.length) {
            int line = start / WIDTH;
            if (!isLineVisible(line)) scrollTo(Math.max(0, line - 1));
        }
    }

    /** Re-marks the bytes of the cells that exist (refresh() would rebuild every cell). */
    private void restyle() {
        for (javafx.scene.Node n : lookupAll(".hex-byte")) {
            Object at = n.getProperties().get("offset");
            boolean on = at instanceof Integer i && i < bytes.length && highlighted(i);
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

    /** The bytes shown. */
    public byte[] bytes() {
        return bytes;
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
                    if (at < bytes.length) onByte.accept(at);
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
                setText("... " + (frameLength - bytes.length) + " more bytes not shown (frame of " + frameLength
                        + " bytes)");
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
                boolean on = at < bytes.length && highlighted(at);
                if (on && !b.getStyleClass().contains("hl")) b.getStyleClass().add("hl");
                else if (!on) b.getStyleClass().remove("hl");
            }
            ascii.setText(" " + text);
            setGraphic(box);
        }
    }
}
