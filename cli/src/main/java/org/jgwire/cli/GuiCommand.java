package org.jgwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.gui.app.Viewer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jgwire gui}: the JavaFX viewer (gui module), with the same decoding options as {@code decode}. */
@Command(
        name = "gui",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Open the desktop viewer: message table, decoded tree with hex, membership timeline, flow.",
            "Open a capture from the command line, the File menu (Ctrl+O) or by dropping it on the window."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire gui",
            "  jgwire gui capture.pcapng",
            "  jgwire gui --port 7800,7801 capture.pcap",
            "  jgwire gui --live lo --port 7800",
            "  xvfb-run -a jgwire gui capture.pcap      # without a desktop",
            "",
            "Needs a display (DISPLAY); the window's layout and recent files are remembered per user.",
            "Exit codes: 0 closed normally, " + ExitCodes.HELP_2_TO_4 + " No display is a usage error."
        })
public final class GuiCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "CAPTURE", description = "A pcap/pcapng file to open.")
    Path capture;

    @Option(
            names = "--live",
            paramLabel = "IFACE",
            description = "Capture live on this interface through libpcap (needs capture rights), e.g. lo.")
    String live;

    @CommandLine.Mixin
    DecoderChoice decoder;

    @Option(
            names = "--no-reassemble",
            description = "Show FRAG2/FRAG3/FRAG4 fragments instead of the messages " + "reassembled from them.")
    boolean noReassemble;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (capture != null && live != null) throw usage("give a CAPTURE file or --live, not both");
        if (capture != null && !Files.exists(capture)) throw new NoSuchFileException(capture.toString());
        DecodeOptions options = decoder.decodeOptions(spec.commandLine(), Limits.DEFAULTS, !noReassemble);
        String display = System.getenv("DISPLAY");
        if ((display == null || display.isEmpty())
                && System.getenv("WAYLAND_DISPLAY") == null
                && !"Monocle".equals(System.getProperty("glass.platform"))) {
            throw usage("no display: DISPLAY is not set (run it on a desktop, or under 'xvfb-run -a')");
        }
        Viewer.run(new Viewer.Launch(capture, live, decoder.ports(), options));
        return ExitCodes.OK;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
