package org.jgwire.wireshark.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jgroups.auth.Krb5Token;
import org.jgroups.auth.Krb5TokenUtils;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;

/**
 * Krb5Token's body, which no live run here can show (it needs a Kerberos KDC): its {@code writeTo} writes the service
 * ticket only once authenticated, through {@code Krb5TokenUtils.encodeDataToStream}, and its {@code readFrom} always
 * reads one. The ticket bytes as JGroups writes them must be exactly what JGroups' own {@code readFrom} consumes and
 * what the token's entry in {@link AuthTokens} reads.
 */
class Krb5TokenLayoutTest {
    @Test
    void readsTheServiceTicketAsJGroupsWritesAndReadsIt() throws Exception {
        byte[] ticket = "a service ticket \u00e9".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Krb5TokenUtils.encodeDataToStream(ticket, new DataOutputStream(out));
        byte[] wire = out.toByteArray();

        Krb5Token token = new Krb5Token();
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(wire));
        token.readFrom(in);
        assertEquals(0, in.available(), "Krb5Token.readFrom leaves bytes of what encodeDataToStream wrote");
        Field remote = Krb5Token.class.getDeclaredField("remoteKrbServiceTicket");
        remote.setAccessible(true);
        assertArrayEquals(ticket, (byte[]) remote.get(token));

        AuthTokens.Token entry = AuthTokens.of(Krb5Token.class.getName());
        HeaderLayout body = new HeaderLayout(
                Krb5Token.class.getName(),
                "auth",
                JGroupsVersion.of(3, 6, 0),
                JGroupsVersion.of(31, 0, 0), // the largest major a version short holds
                List.of(new Item.Value("ticket", entry.kind(), false, false)));
        LayoutReader.Result r =
                LayoutReader.read(new ResolvedLayout(body, Map.of(), Map.of(), Map.of()), wire, 0, wire.length);
        assertEquals(wire.length, r.consumed());
        assertEquals(Base64.getEncoder().encodeToString(ticket), r.values().get("ticket"));
    }
}
