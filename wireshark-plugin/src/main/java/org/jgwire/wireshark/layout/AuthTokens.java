package org.jgwire.wireshark.layout;

import java.util.Map;
import java.util.TreeMap;

/**
 * The AUTH token classes JGroups ships, by simple name, and what each one's {@code writeTo} writes after the class
 * id {@code AuthHeader.writeAuthToken} puts on the wire ({@link Kind#AUTH_TOKEN}). Krb5Token writes its service
 * ticket only once authenticated, but its readFrom always reads one (base64 through {@code Bits.writeString}): a
 * token without it cannot be read by JGroups either. Untested live (it needs a Kerberos KDC): Krb5TokenLayoutTest
 * holds the entry against JGroups' own ticket writer and reader.
 */
public final class AuthTokens {
    private AuthTokens() {}

    /**
     * One token class's body.
     *
     * @param field the field it writes, null for none (RegexMembership writes nothing)
     * @param kind  how: {@link Kind#STRING} ({@code Bits.writeString}) or {@link Kind#BYTE_BUFFER}
     */
    public record Token(String field, Kind kind) {}

    private static final Map<String, Token> TOKENS = new TreeMap<>(Map.of(
            "FixedMembershipToken", new Token("token", Kind.STRING),
            "MD5Token", new Token("auth_value", Kind.STRING),
            "SimpleToken", new Token("auth_value", Kind.STRING),
            "X509Token", new Token("encryptedToken", Kind.BYTE_BUFFER),
            "Krb5Token", new Token("krbServiceTicket", Kind.STRING),
            "RegexMembership", new Token(null, Kind.STRING)));

    /** Simple class name to body, sorted by name. */
    public static Map<String, Token> all() {
        return TOKENS;
    }

    /** The body of a token class ({@code org.jgroups.auth.X509Token} or its simple name), or null. */
    public static Token of(String className) {
        return TOKENS.get(className.substring(className.lastIndexOf('.') + 1));
    }

    /** The constant a resolved layout holds a token class's magic id under. */
    public static String magicConstant(String simpleName) {
        return "magic:" + simpleName;
    }
}
