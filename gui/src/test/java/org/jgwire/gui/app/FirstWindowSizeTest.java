package org.jgwire.gui.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The window's first size: nine tenths of a large screen, 1280 x 800 on a mid-sized one, all of a small one. */
class FirstWindowSizeTest {
    @Test
    void usesNineTenthsOfALargeScreen() {
        assertArrayEquals(new double[] {2304, 1296}, Viewer.firstSize(2560, 1440));
        assertArrayEquals(new double[] {1728, 972}, Viewer.firstSize(1920, 1080));
    }

    @Test
    void keepsTheUsualSizeOnAMidSizedScreenAndFitsASmallOne() {
        assertArrayEquals(new double[] {1280, 800}, Viewer.firstSize(1366, 768 + 100));
        assertArrayEquals(new double[] {1024, 700}, Viewer.firstSize(1024, 700));
    }
}
