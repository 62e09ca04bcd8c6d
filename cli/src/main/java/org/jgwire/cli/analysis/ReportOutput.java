package org.jgwire.cli.analysis;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jgwire.cli.StandardOutput;
import picocli.CommandLine;

/**
 * Where an analysis writes its report: stdout, or the file of {@code -o/--output} as decode's; for
 * {@code --format parquet}, a file or a directory that must be given.
 */
final class ReportOutput implements Closeable {
    private final Path file;
    private final PrintWriter out;

    private ReportOutput(Path file, PrintWriter out) {
        this.file = file;
        this.out = out;
    }

    /**
     * {@code output}: -o's value, null or '-' for stdout (the command line's). Opened at once, before the capture is
     * read: a bad path fails early.
     */
    static ReportOutput open(Path output, CommandLine cl) throws IOException {
        if (isStdout(output)) return new ReportOutput(null, cl.getOut());
        return new ReportOutput(output, new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8)));
    }

    PrintWriter writer() {
        return out;
    }

    /** Flushes the report; a file is closed, stdout only flushed (its reader gone ends the command quietly). */
    void finish() throws IOException {
        if (file == null) {
            StandardOutput.flush(out);
            return;
        }
        out.close();
        if (out.checkError()) throw new IOException("could not write " + file);
    }

    /** Closes a file left unfinished by a failed run; stdout stays open. */
    @Override
    public void close() {
        if (file != null) out.close();
    }

    /** {@code --format parquet}'s file or directory: -o must name it, as decode's parquet needs; else refuses. */
    static Path parquet(Path output, CommandLine cl, String refusal) {
        if (isStdout(output)) throw new CommandLine.ParameterException(cl, refusal);
        return output;
    }

    /** Creates {@code dir} if missing; a file of that name is not replaced. */
    static Path directory(Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir))
            throw new IOException(dir + " is not a directory (--format parquet writes a file per table into -o DIR)");
        return Files.createDirectories(dir);
    }

    private static boolean isStdout(Path output) {
        return output == null || output.toString().equals("-");
    }
}
