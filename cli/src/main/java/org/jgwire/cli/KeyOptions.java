package org.jgwire.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.DecryptionKeys;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Keys to decrypt SYM_ENCRYPT/ASYM_ENCRYPT traffic with, as a TLS key log lets Wireshark decrypt TLS: a picocli
 * mixin of {@link DecoderChoice} (decode, the analyses, gui) and {@code verify}. Passwords given without a value are
 * asked for on the terminal; none is ever printed.
 */
public final class KeyOptions {
    @Option(
            names = "--keystore",
            paramLabel = "FILE",
            description =
                    "Decrypt SYM_ENCRYPT/ASYM_ENCRYPT with the secret key(s) of this keystore (JKS, JCEKS, PKCS12).")
    Path keystore;

    @Option(
            names = "--keystore-password",
            paramLabel = "PASSWORD",
            arity = "0..1",
            interactive = true,
            description = "The keystore's password (asked for when given without a value).")
    char[] keystorePassword;

    @Option(
            names = "--key-alias",
            paramLabel = "ALIAS",
            description = "The alias of the key in the keystore (default: every secret key in it).")
    String keyAlias;

    @Option(
            names = "--key-password",
            paramLabel = "PASSWORD",
            arity = "0..1",
            interactive = true,
            description = "The key's password, when it differs from the keystore's (asked for without a value).")
    char[] keyPassword;

    @Option(
            names = "--secret-key",
            paramLabel = "HEX",
            description = "A shared AES key in hex, e.g. ASYM_ENCRYPT's session key (repeatable).")
    List<String> secretKeys = new ArrayList<>();

    @Option(
            names = "--key-log",
            paramLabel = "FILE",
            description = "Session keys in hex, one a line (jgwire cluster writes NAME.keys beside an ASYM_ENCRYPT "
                    + "capture).")
    Path keyLog;

    @Option(
            names = "--cipher",
            paramLabel = "TRANSFORMATION",
            description = "The stack's sym_algorithm when it is not the key's algorithm (AES, or AES/CBC/PKCS5Padding "
                    + "when the header carries an IV), e.g. AES/CTR/NoPadding.")
    String cipher;

    /**
     * The keys given, checked. Options that do not fit together and a {@code --secret-key} that is not a key are
     * usage errors (exit 2); a keystore or key log that cannot be used (missing, not one, cut short, wrong password,
     * no such alias) is an input error naming the file (exit 3), without "try --help": the command line was right.
     */
    public DecryptionKeys keys(CommandLine cl) {
        DecryptionKeys keys = DecryptionKeys.NONE;
        if (keystore != null) {
            if (keystorePassword == null)
                throw new CommandLine.ParameterException(cl, "--keystore needs --keystore-password");
            refuseFileTakenAsPassword(cl, "--keystore-password", keystorePassword);
            refuseFileTakenAsPassword(cl, "--key-password", keyPassword);
            try {
                keys = keys.with(DecryptionKeys.fromKeystore(keystore, keystorePassword, keyAlias, keyPassword));
            } catch (DecryptionKeys.KeyProblem e) {
                throw unusable(e);
            }
        } else if (keyAlias != null || keystorePassword != null || keyPassword != null)
            throw new CommandLine.ParameterException(
                    cl, "--keystore-password, --key-alias and --key-password need --keystore");
        try {
            for (String hex : secretKeys) keys = keys.with(DecryptionKeys.fromHex(hex, null));
        } catch (DecryptionKeys.KeyProblem e) {
            throw new CommandLine.ParameterException(cl, "--secret-key: " + e.getMessage());
        }
        if (keyLog != null) {
            try {
                keys = keys.with(DecryptionKeys.fromKeyLog(keyLog));
            } catch (DecryptionKeys.KeyProblem e) {
                throw unusable(e);
            }
        }
        if (cipher != null) {
            if (keys.isEmpty())
                throw new CommandLine.ParameterException(cl, "--cipher needs --keystore, --secret-key or --key-log");
            keys = keys.withCipher(cipher);
        }
        return keys;
    }

    /** A key file that cannot be used, as the input error {@link FailureHandler} reports with exit code 3. */
    static UncheckedIOException unusable(DecryptionKeys.KeyProblem e) {
        return new UncheckedIOException(new IOException(e.getMessage(), e));
    }

    /**
     * A password option may go without a value (then it is asked for), so {@code --keystore-password cap.pcapng}
     * takes the capture as the password. When the word after the option names an existing file, say so rather than
     * report a wrong password; {@code --keystore-password=VALUE} is taken as written.
     */
    private static void refuseFileTakenAsPassword(CommandLine cl, String option, char[] value) {
        if (value == null || value.length == 0) return;
        List<String> args = cl.getParseResult().originalArgs();
        String word = new String(value);
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals(option) && args.get(i + 1).equals(word) && Files.isRegularFile(Path.of(word)))
                throw new CommandLine.ParameterException(
                        cl,
                        option + " took the file " + word + " as its value: put the input before " + option
                                + ", or write " + option + "=PASSWORD");
        }
    }
}
