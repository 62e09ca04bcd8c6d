package org.jgwire.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jgwire completion bash|zsh}: the shell completion script of every command and option (picocli's). */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print a completion script for bash or zsh (commands, options and their values).",
            "zsh runs it through bashcompinit, which the script loads itself."
        },
        footer = {
            "",
            "Examples:",
            "  source <(jgwire completion bash)           # this shell",
            "  jgwire completion bash > ~/.local/share/bash-completion/completions/jgwire",
            "  echo 'source <(jgwire completion zsh)' >> ~/.zshrc",
            "",
            "Exit codes: 0 printed, " + ExitCodes.HELP_2_TO_4
        })
public final class CompletionCommand implements Callable<Integer> {
    enum Shell {
        bash,
        zsh
    }

    @Parameters(index = "0", paramLabel = "SHELL", description = "bash or zsh.")
    Shell shell;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws OutputClosedException {
        // one script serves both: picocli's starts with `autoload bashcompinit` when it runs in zsh
        spec.commandLine()
                .getOut()
                .print(AutoComplete.bash("jgwire", spec.root().commandLine()));
        StandardOutput.flush(spec.commandLine().getOut());
        return ExitCodes.OK;
    }
}
