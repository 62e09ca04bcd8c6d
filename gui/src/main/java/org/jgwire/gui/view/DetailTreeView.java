package org.jgwire.gui.view;

import java.util.List;
import java.util.function.BiConsumer;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import org.jgwire.gui.model.DetailNode;

/**
 * The detail tree of the selected record. Selecting a node reports its byte range (to highlight it in the hex
 * pane); {@link #selectByte} goes the other way.
 */
public final class DetailTreeView extends TreeView<DetailNode> {
    private BiConsumer<Integer, Integer> onRange = (s, l) -> {};
    private boolean selectingFromHex;

    public DetailTreeView() {
        setId("detail-tree");
        setShowRoot(false);
        setCellFactory(t -> new javafx.scene.control.TreeCell<>() {
            @Override
            protected void updateItem(DetailNode n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null ? null : n.label());
            }
        });
        getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (selectingFromHex) return;
            DetailNode n = item == null ? null : item.getValue();
            if (n == null || !n.hasRange()) onRange.accept(-1, 0);
            else onRange.accept(n.start(), n.length());
        });
    }

    /** Called with (start, length) when the selected node changes; (-1, 0) for a node without bytes. */
    public void setOnRange(BiConsumer<Integer, Integer> listener) {
        this.onRange = listener;
    }

    /** Shows a record's tree (null clears it), with the frame and message expanded. */
    public void show(DetailNode root) {
        if (root == null) {
            setRoot(null);
            return;
        }
        TreeItem<DetailNode> item = item(root);
        item.setExpanded(true);
        for (TreeItem<DetailNode> c : item.getChildren()) {
            if (!c.getValue().label().startsWith("Frame")) c.setExpanded(true);
        }
        setRoot(item);
    }

    private static TreeItem<DetailNode> item(DetailNode n) {
        TreeItem<DetailNode> t = new TreeItem<>(n);
        for (DetailNode c : n.children()) t.getChildren().add(item(c));
        return t;
    }

    /** Selects the node that best explains byte {@code offset} of the frame; returns it, or null. */
    public DetailNode selectByte(int offset) {
        if (getRoot() == null) return null;
        List<DetailNode> path = getRoot().getValue().pathTo(offset);
        if (path.isEmpty()) return null;
        TreeItem<DetailNode> item = getRoot();
        for (int i = 1; i < path.size(); i++) {
            item.setExpanded(true);
            TreeItem<DetailNode> next = null;
            for (TreeItem<DetailNode> c : item.getChildren()) if (c.getValue() == path.get(i)) next = c;
            if (next == null) break;
            item = next;
        }
        DetailNode target = item.getValue();
        getSelectionModel().select(item);
        scrollTo(Math.max(0, getRow(item) - 2));
        return target;
    }

    /** Selects without reporting the range back (the hex pane already shows it). */
    public DetailNode selectByteQuietly(int offset) {
        selectingFromHex = true;
        try {
            return selectByte(offset);
        } finally {
            selectingFromHex = false;
        }
    }

    /** The selected node, or null. */
    public DetailNode selectedNode() {
        TreeItem<DetailNode> item = getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue();
    }
}
