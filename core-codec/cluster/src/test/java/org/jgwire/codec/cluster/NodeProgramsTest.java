package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;

class NodeProgramsTest {
    @Test
    void eachFamilyHasItsNodeJarAndMainClass() {
        ApiFamily family = NodePrograms.familyOf(JGroupsVersion.parse("4.2.30"));

        assertEquals("jgwire-node-jg4.jar", NodePrograms.jarName(family));
        assertEquals("org.jgwire.cluster.node.jg4.ClusterNode", NodePrograms.mainClass(family));
    }

    @Test
    void aMajorWithoutANodeProgramIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> NodePrograms.familyOf(JGroupsVersion.parse("6.0.1")));
        assertEquals("no node program for JGroups 6.0.1 (3.6 to 5.x)", e.getMessage());
    }
}
