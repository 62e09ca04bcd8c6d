package org.jgwire.codec.runtime;

import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;

/**
 * The JDK calls by which JGroups code creates a thread, a socket, a file or a process: what {@link SandboxRewriter}
 * puts a {@link SandboxGuard#creating} before. Matched on the call instruction (owner, name, descriptor), so a
 * release not yet written is covered as long as it reaches these through the JDK's own classes; a JGroups subclass of
 * {@code Thread} or {@code Socket} is caught at its {@code super(..)} call, which is rewritten with its class.
 */
final class ResourceCalls {
    private static final String THREAD = "a thread", SOCKET = "a socket", FILE = "a file", PROCESS = "a process";

    /** Classes whose every constructor creates one. */
    private static final Map<String, String> CONSTRUCTED = Map.ofEntries(
            Map.entry("java/lang/Thread", THREAD),
            Map.entry("java/util/Timer", THREAD),
            Map.entry("java/util/concurrent/ThreadPoolExecutor", THREAD),
            Map.entry("java/util/concurrent/ScheduledThreadPoolExecutor", THREAD),
            Map.entry("java/util/concurrent/ForkJoinPool", THREAD),
            Map.entry("java/net/Socket", SOCKET),
            Map.entry("java/net/ServerSocket", SOCKET),
            Map.entry("java/net/DatagramSocket", SOCKET),
            Map.entry("java/net/MulticastSocket", SOCKET),
            Map.entry("java/io/FileInputStream", FILE),
            Map.entry("java/io/FileOutputStream", FILE),
            Map.entry("java/io/RandomAccessFile", FILE),
            Map.entry("java/io/FileReader", FILE),
            Map.entry("java/io/FileWriter", FILE),
            Map.entry("java/util/zip/ZipFile", FILE),
            Map.entry("java/util/jar/JarFile", FILE),
            Map.entry("java/util/logging/FileHandler", FILE));

    /** Classes whose constructors open a file when their first argument names one: {@code new PrintWriter(path)}. */
    private static final Set<String> WRITERS_BY_NAME =
            Set.of("java/io/PrintStream", "java/io/PrintWriter", "java/util/Formatter", "java/util/Scanner");

    /** Static or instance methods, by owner, with the prefixes of the names that create one. */
    private static final Map<String, Created> CALLED = Map.ofEntries(
            Map.entry("java/lang/Thread", new Created(THREAD, "start")),
            Map.entry("java/util/concurrent/Executors", new Created(THREAD, "new")),
            Map.entry("java/util/concurrent/ForkJoinPool", new Created(THREAD, "commonPool")),
            Map.entry("java/util/concurrent/CompletableFuture", new Created(THREAD, "runAsync", "supplyAsync")),
            Map.entry("java/nio/channels/SocketChannel", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/ServerSocketChannel", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/DatagramChannel", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/AsynchronousSocketChannel", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/AsynchronousServerSocketChannel", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/Selector", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/Pipe", new Created(SOCKET, "open")),
            Map.entry("java/nio/channels/spi/SelectorProvider", new Created(SOCKET, "open")),
            Map.entry("javax/net/SocketFactory", new Created(SOCKET, "createSocket")),
            Map.entry("javax/net/ServerSocketFactory", new Created(SOCKET, "createServerSocket")),
            Map.entry("javax/net/ssl/SSLSocketFactory", new Created(SOCKET, "createSocket")),
            Map.entry("javax/net/ssl/SSLServerSocketFactory", new Created(SOCKET, "createServerSocket")),
            Map.entry("java/net/URL", new Created(SOCKET, "openStream", "openConnection")),
            Map.entry("java/nio/channels/FileChannel", new Created(FILE, "open")),
            Map.entry("java/nio/channels/AsynchronousFileChannel", new Created(FILE, "open")),
            Map.entry(
                    "java/nio/file/Files",
                    new Created(FILE, "new", "create", "write", "copy", "read", "lines", "list", "walk", "find")),
            Map.entry("java/io/File", new Created(FILE, "createNewFile", "createTempFile", "mkdir")),
            Map.entry("java/lang/Runtime", new Created(PROCESS, "exec")),
            Map.entry("java/lang/ProcessBuilder", new Created(PROCESS, "start")));

    private record Created(String what, String... prefixes) {
        boolean by(String method) {
            for (String p : prefixes) if (method.startsWith(p)) return true;
            return false;
        }
    }

    private ResourceCalls() {}

    /** What the call creates ({@code "a thread"}, ...), or null when it creates none of these. */
    static String created(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            String what = CONSTRUCTED.get(owner);
            if (what != null) return what;
            boolean byName = descriptor.startsWith("(Ljava/lang/String;") && !owner.equals("java/util/Scanner")
                    || descriptor.startsWith("(Ljava/io/File;")
                    || descriptor.startsWith("(Ljava/nio/file/Path;");
            return byName && WRITERS_BY_NAME.contains(owner) ? FILE : null;
        }
        Created c = CALLED.get(owner);
        return c != null && c.by(name) ? c.what() : null;
    }
}
