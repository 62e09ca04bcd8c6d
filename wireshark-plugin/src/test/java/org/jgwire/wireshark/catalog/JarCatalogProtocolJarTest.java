package org.jgwire.wireshark.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.wireshark.catalog.JarCatalog.Coverage;
import org.junit.jupiter.api.Test;

/** JGroups 5.5.7 read with jgroups-raft 1.1.4 beside it (both test dependencies), as the generator reads them. */
class JarCatalogProtocolJarTest {
    private static final String APPEND_REQ = "org.jgroups.protocols.raft.AppendEntriesRequest";
    private static final String APPEND_RSP = "org.jgroups.protocols.raft.AppendEntriesResponse";

    private static Path jarOf(String className) throws Exception {
        return Path.of(Class.forName(className, false, JarCatalogProtocolJarTest.class.getClassLoader())
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }

    private static JarCatalog read(List<ProtocolJar> protocolJars) throws Exception {
        return JarCatalog.read(
                jarOf("org.jgroups.Version"), JGroupsVersion.parse("5.5.7"), "5.5.7.Final", protocolJars);
    }

    @Test
    void derivesTheHeadersAProtocolJarRegistersInCodeAndNamesItsProtocols() throws Exception {
        JarCatalog cat = read(List.of(ProtocolJar.read(jarOf(APPEND_REQ))));
        assertEquals(APPEND_REQ, cat.magics().get(2000));
        assertEquals(
                "org.jgroups.protocols.raft.REDIRECT$RedirectHeader",
                cat.magics().get(4000));
        assertEquals("RAFT", cat.protocols().get(521));
        assertEquals("ELECTION2", cat.protocols().get(524)); // in no JGroups protocol map
        assertEquals(List.of("jgroups-raft 1.1.4.Final"), cat.protocolJars());
        assertEquals("jgroups-raft 1.1.4.Final", cat.origin(APPEND_REQ));
        assertNull(cat.origin("org.jgroups.protocols.pbcast.NakAckHeader2"));
        for (String c : List.of(APPEND_REQ, APPEND_RSP, "org.jgroups.protocols.raft.election.LeaderElected"))
            assertEquals(
                    Coverage.Source.DERIVED,
                    cat.coverage().get(c).source(),
                    c + ": " + cat.coverage().get(c));
        assertEquals(
                "jgroups.appendentriesrequest",
                "jgroups." + cat.layouts().get(APPEND_REQ).layout().section());
    }

    @Test
    void withoutTheProtocolJarItsIdsAreUnknown() throws Exception {
        JarCatalog cat = read(List.of());
        assertNull(cat.magics().get(2000));
        assertTrue(cat.protocolJars().isEmpty());
        assertTrue(cat.coverage().keySet().stream().noneMatch(c -> c.contains(".raft.")));
    }
}
