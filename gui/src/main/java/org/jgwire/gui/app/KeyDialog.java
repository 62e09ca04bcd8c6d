package org.jgwire.gui.app;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.jgwire.codec.DecryptionKeys;

/**
 * File > Decryption keys: the keystore (or the shared key in hex) to decrypt SYM_ENCRYPT/ASYM_ENCRYPT traffic with,
 * the viewer's counterpart of {@code jgwire decode --keystore}. Passwords are read from password fields and kept only
 * while the keystore is read.
 */
final class KeyDialog {
    private KeyDialog() {}

    /**
     * What the user typed; blank fields are absent.
     *
     * @param keystore the keystore file (JKS, JCEKS, PKCS12), or blank for none
     * @param alias    blank: every secret key of the keystore
     */
    record Choice(String keystore, String password, String alias, String keyPassword, String secretKey) {
        /** The keys, or a problem that names the keystore and never a password. */
        DecryptionKeys keys() throws DecryptionKeys.KeyProblem {
            DecryptionKeys keys = DecryptionKeys.NONE;
            if (!blank(keystore))
                keys = keys.with(DecryptionKeys.fromKeystore(
                        Path.of(keystore.strip()),
                        password == null ? new char[0] : password.toCharArray(),
                        blank(alias) ? null : alias.strip(),
                        blank(keyPassword) ? null : keyPassword.toCharArray()));
            if (!blank(secretKey)) keys = keys.with(DecryptionKeys.fromHex(secretKey, null));
            return keys;
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }

    /** Asks for a keystore and its passwords, or a key in hex; empty when cancelled. */
    static Optional<Choice> ask(Window owner) {
        Dialog<Choice> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Decryption keys");
        d.setHeaderText("Decrypt SYM_ENCRYPT / ASYM_ENCRYPT with these keys (the capture is read again)");
        TextField file = new TextField();
        file.setPromptText("keystore file: JKS, JCEKS or PKCS12");
        Button browse = new Button("Browse...");
        browse.setOnAction(e -> {
            File f = new FileChooser().showOpenDialog(owner);
            if (f != null) file.setText(f.getPath());
        });
        PasswordField password = new PasswordField(), keyPassword = new PasswordField();
        keyPassword.setPromptText("empty: the keystore's");
        TextField alias = new TextField(), secret = new TextField();
        alias.setPromptText("empty: every secret key in the keystore");
        secret.setPromptText("or a shared AES key in hex (ASYM_ENCRYPT's session key)");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Keystore:"), new HBox(8, file, browse));
        grid.addRow(1, new Label("Keystore password:"), password);
        grid.addRow(2, new Label("Key alias:"), alias);
        grid.addRow(3, new Label("Key password:"), keyPassword);
        grid.addRow(4, new Label("Secret key (hex):"), secret);
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK
                ? new Choice(
                        file.getText(), password.getText(), alias.getText(), keyPassword.getText(), secret.getText())
                : null);
        return d.showAndWait();
    }
}
