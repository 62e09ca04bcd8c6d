package org.jgwire.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.MethodType;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipFile;
import org.jgwire.codec.runtime.VersionRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The jg5 adapter is compiled against 5.0.4 and runs on every 5.x jar: every JGroups method, constructor and field
 * it refers to (read from its class files with javap) must exist, with the same descriptor, in each bundled 5.x
 * jar. A JGroups release that renames one (as 5.5 did with Tuple.getVal1) turns this red instead of failing at run
 * time with a NoSuchMethodError.
 */
class Jg5AdapterLinkageTest {
    private static final Pattern REF =
            Pattern.compile("// (?:Method|InterfaceMethod|Field) (org/jgroups/[^.]+)\\.(\"?[^:\"]+\"?):(\\S+)");
    private static final TreeSet<String> refs = new TreeSet<>();

    @BeforeAll
    static void readAdapterReferences() throws Exception {
        Path adapter = VersionRuntime.defaultHome().resolve("adapters/jgwire-adapter-jg5.jar");
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        List<String> classes = new ArrayList<>();
        try (ZipFile zip = new ZipFile(adapter.toFile())) {
            // the decoder only: node/ (the test-cluster runner) is not part of the wire adapter
            zip.stream()
                    .filter(e -> e.getName().startsWith("org/jgwire/adapter/jg5/")
                            && e.getName().endsWith(".class")
                            && !e.getName().startsWith("org/jgwire/adapter/jg5/node/"))
                    .forEach(e -> classes.add(e.getName().replace('/', '.').replace(".class", "")));
        }
        for (String c : classes) {
            StringWriter out = new StringWriter();
            javap.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "-v", "-cp", adapter.toString(), c);
            Matcher m = REF.matcher(out.toString());
            while (m.find()) refs.add(m.group(1) + " " + m.group(2).replace("\"", "") + " " + m.group(3));
        }
        assertFalse(refs.isEmpty(), "no JGroups references found in " + adapter);
    }

    static List<Path> jars5x() throws Exception {
        return EveryBundled5xJarTest.jars5x().toList();
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void everyJGroupsMemberTheAdapterUsesExistsInTheJar(Path jar) throws Exception {
        List<String> missing = new ArrayList<>();
        try (URLClassLoader l =
                new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            for (String ref : refs) {
                String[] p = ref.split(" ");
                if (!resolves(l, p[0].replace('/', '.'), p[1], p[2])) missing.add(ref);
            }
        }
        assertEquals(List.of(), missing, "members the adapter uses but " + jar.getFileName() + " lacks");
    }

    private static boolean resolves(ClassLoader l, String cls, String name, String desc) {
        try {
            Class<?> c = Class.forName(cls, false, l);
            if (!desc.startsWith("(")) {
                for (Class<?> k = c; k != null; k = k.getSuperclass())
                    for (var f : k.getDeclaredFields()) if (f.getName().equals(name)) return true;
                for (var f : c.getFields()) if (f.getName().equals(name)) return true;
                return false;
            }
            MethodType mt = MethodType.fromMethodDescriptorString(desc, l);
            if (name.equals("<init>")) {
                for (var k : c.getDeclaredConstructors())
                    if (Arrays.equals(k.getParameterTypes(), mt.parameterArray())) return true;
                return false;
            }
            List<Method> candidates = new ArrayList<>(Arrays.asList(c.getMethods()));
            for (Class<?> k = c; k != null; k = k.getSuperclass())
                candidates.addAll(Arrays.asList(k.getDeclaredMethods()));
            for (Method m : candidates)
                if (m.getName().equals(name) && matches(m, mt) && m.getReturnType() == mt.returnType()) return true;
            return false;
        } catch (ClassNotFoundException | LinkageError | TypeNotPresentException | IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean matches(Executable e, MethodType mt) {
        return Arrays.equals(e.getParameterTypes(), mt.parameterArray());
    }
}
