package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoopbackStackTest {
    /** The parts of jgroups-raft 1.1.4's raft.xml that a loopback member must change. */
    private static final String RAFT_XML =
            """
            <config xmlns="urn:org:jgroups">
                <UDP mcast_addr="232.7.7.7" mcast_port="${jgroups.udp.mcast_port:46699}" ip_ttl="8"
                     diag.enabled="true"/>
                <PING />
                <FD_SOCK/>
                <raft.ELECTION />
                <raft.RAFT members="${raft_members:A,B,C}" raft_id="${raft_id}" log_dir="${log_dir}" />
                <raft.REDIRECT/>
                <raft.CLIENT bind_addr="0.0.0.0" />
            </config>
            """;

    @TempDir
    Path dir;

    @Test
    void bindsEverySocketOfAProtocolJarsStackToLoopbackOnTheMembersPorts() throws Exception {
        Path jar = dir.resolve("jgroups-raft.jar");
        try (OutputStream f = Files.newOutputStream(jar);
                ZipOutputStream zip = new ZipOutputStream(f)) {
            zip.putNextEntry(new ZipEntry("raft.xml"));
            zip.write(RAFT_XML.getBytes(StandardCharsets.UTF_8));
        }
        LoopbackStack stack = LoopbackStack.shipped(jar, "raft.xml", JGroupsVersion.parse("5.5.7"), "239.1.2.3", 17003);
        assertEquals(
                List.of("UDP", "PING", "FD_SOCK", "raft.ELECTION", "raft.RAFT", "raft.REDIRECT", "raft.CLIENT"),
                stack.protocols());
        String xml = stack.member(17000).replaceAll("\\s+", " ");
        assertTrue(xml.contains("bind_addr=\"127.0.0.1\""), xml);
        assertTrue(xml.contains("bind_port=\"17000\""), xml);
        assertTrue(xml.contains("mcast_addr=\"239.1.2.3\""), xml);
        assertTrue(xml.contains("mcast_port=\"17003\""), xml);
        assertTrue(xml.contains("ip_ttl=\"0\""), xml);
        assertTrue(xml.contains("diag.enabled=\"false\""), xml);
        assertTrue(xml.contains("start_port=\"" + (17000 + LoopbackStack.SIDE_PORT_OFFSET) + "\""), xml);
        assertTrue(
                xml.matches(".*<raft.CLIENT[^>]*port=\"" + (17000 + LoopbackStack.CLIENT_PORT_OFFSET) + "\".*"), xml);
        assertFalse(xml.contains("0.0.0.0"), xml);
        // what the member sets itself stays as the jar ships it
        assertTrue(xml.contains("raft_id=\"${raft_id}\""), xml);
    }
}
