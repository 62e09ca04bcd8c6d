package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.gui.TestHome;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.view.MessageTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The viewer's decryption keys (File > Decryption keys): what the dialog's fields give reaches the decoder, and the
 * open capture is read again with it. Expected texts come from the sample's manifest.
 */
@ExtendWith(ApplicationExtension.class)
class DecryptionUiTest {
    static final String PREFS = "org/jgwire/gui-test-keys";
    static final Path DIR = ViewerUiTest.SAMPLES.resolve("encrypted");
    static final Path CAPTURE = DIR.resolve("5.5.7/sym-encrypt-chat.pcapng");
    /** The test-only keystore's password (samples/encrypted/README.md). */
    static final String PASSWORD = "jgwire-test-only";

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

    private List<String> chatTexts(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = new ArrayList<>();
        for (Row r : robot.lookup("#messages").queryAs(MessageTable.class).getItems()) {
            MessageRecord m = r.message();
            if (m != null
                    && m.payload() != null
                    && m.payload().text() != null
                    && m.payload().text().startsWith("chat "))
                shown.add(m.payload().text());
        }
        return shown;
    }

    @Test
    void theKeysChosenDecryptTheOpenCapture(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(CAPTURE));
        assertEquals(List.of(), chatTexts(robot), "no text in clear before a key is given");
        DecryptionKeys keys =
                new KeyDialog.Choice(DIR.resolve("test-only.jceks").toString(), PASSWORD, "jgwire", "", "").keys();
        robot.interact(() -> window.useKeys(keys));
        List<String> sent = Manifest.read(Manifest.pathFor(CAPTURE)).sent().stream()
                .map(Manifest.SentMessage::text)
                .sorted()
                .toList();
        assertEquals(sent, chatTexts(robot).stream().sorted().toList());
        assertEquals(keys, window.options().keys());
    }

    @Test
    void aWrongPasswordIsAProblemThatDoesNotRepeatIt() {
        String wrong = "wrong-password-17";
        DecryptionKeys.KeyProblem p = assertThrows(
                DecryptionKeys.KeyProblem.class,
                () -> new KeyDialog.Choice(DIR.resolve("test-only.jceks").toString(), wrong, "", "", "").keys());
        assertTrue(p.getMessage().contains("wrong keystore password"), p.getMessage());
        assertFalse(p.getMessage().contains(wrong), p.getMessage());
    }

    @Test
    void blankFieldsMeanNoKeysAndAHexKeyIsOne() throws Exception {
        assertTrue(new KeyDialog.Choice("", "", "", "", "").keys().isEmpty());
        assertEquals(
                1,
                new KeyDialog.Choice(" ", "", "", "", "00112233445566778899aabbccddeeff")
                        .keys()
                        .byVersion()
                        .size());
    }
}
