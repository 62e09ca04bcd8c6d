package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;

/**
 * Every stack template the runner ships renders to a well-formed XML document for each API family: the oldest
 * JGroups parsers refuse what the newest let pass (a {@code --} inside a comment), so a template only some versions
 * read fails the others' runs.
 */
class StackTemplatesWellFormedTest {
    private static final Pattern MISSING = Pattern.compile("no value for @([A-Z_]+)@");

    @Test
    void everyTemplateRendersToWellFormedXml() {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        for (Stack stack : Stack.values())
            for (String v : List.of("3.6.20", "4.2.30", "5.5.7"))
                assertDoesNotThrow(
                        () -> {
                            var builder = f.newDocumentBuilder();
                            builder.setErrorHandler(null);
                            builder.parse(new ByteArrayInputStream(
                                    render(stack, JGroupsVersion.parse(v)).getBytes(StandardCharsets.UTF_8)));
                        },
                        stack + " on " + v);
    }

    /** The template with every token it names filled with a plain value. */
    private static String render(Stack stack, JGroupsVersion version) throws Exception {
        Map<String, String> tokens = new HashMap<>();
        while (true) {
            try {
                return StackTemplate.render(stack, version, tokens);
            } catch (IllegalArgumentException e) {
                Matcher m = MISSING.matcher(String.valueOf(e.getMessage()));
                if (!m.find()) throw e;
                tokens.put(m.group(1), "1");
            }
        }
    }
}
