package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The filter bar completes as one types, on the 5.5.7 chat sample: a protocol's header field after its name and a
 * dot, then after {@code ==} the values that field takes in the capture; Tab takes the first; the completed filter
 * applies.
 */
@ExtendWith(ApplicationExtension.class)
class FilterCompletionUiTest {
    static final String PREFS = "org/jgwire/gui-completion-test";

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

    @Test
    void fieldsAndTheCapturesValuesCompleteAsOneTypes(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(ViewerUiTest.SAMPLES.resolve("5.5.7/udp-chat.pcapng")));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> window.session() != null && !window.session().loading().get());
        FilterBar bar = robot.lookup(n -> n instanceof FilterBar).queryAs(FilterBar.class);
        @SuppressWarnings("unchecked")
        ComboBox<String> field = robot.lookup("#filter").queryAs(ComboBox.class);

        robot.clickOn(field.getEditor()).write("gms.ty");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("gms.type"), bar.completionsShown());
        robot.type(KeyCode.TAB);
        assertEquals("gms.type", field.getEditor().getText());

        robot.write(" == VI");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> offered = bar.completionsShown();
        assertTrue(offered.contains("VIEW"), "the capture's GMS types starting with VI: " + offered);
        assertTrue(offered.stream().allMatch(v -> v.startsWith("VI")), offered.toString());
        robot.type(KeyCode.TAB);
        assertEquals("gms.type == " + offered.get(0), field.getEditor().getText());

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "In force: gms.type == " + offered.get(0),
                robot.lookup("#filter-in-force").queryAs(Label.class).getText());
        assertTrue(window.session().shown().size() > 0, "rows of the completed filter");
    }
}
