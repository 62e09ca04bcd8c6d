package org.jgwire.codec.model;

import java.util.HashMap;
import java.util.Map;

/**
 * The type of a GMS message ({@code GMS.GmsHeader.type}): its code on the wire and the name {@code type2String} gives
 * it. The codes are the same in every bundled jar from 3.6 to 5.5 (INSTALL_MERGE_VIEW_OK, 12, went in 5.0).
 */
public enum GmsType {
    UNKNOWN(0),
    JOIN_REQ(1),
    JOIN_RSP(2),
    LEAVE_REQ(3),
    LEAVE_RSP(4),
    VIEW(5),
    MERGE_REQ(6),
    MERGE_RSP(7),
    INSTALL_MERGE_VIEW(8),
    CANCEL_MERGE(9),
    VIEW_ACK(10),
    JOIN_REQ_WITH_STATE_TRANSFER(11),
    INSTALL_MERGE_VIEW_OK(12),
    GET_DIGEST_REQ(13),
    GET_DIGEST_RSP(14),
    INSTALL_DIGEST(15),
    GET_CURRENT_VIEW(16);

    private static final GmsType[] BY_CODE = new GmsType[17];
    private static final Map<String, GmsType> BY_NAME = new HashMap<>();

    static {
        for (GmsType t : values()) {
            BY_CODE[t.code] = t;
            if (t != UNKNOWN) BY_NAME.put(t.name(), t);
        }
    }

    private final int code;

    GmsType(int code) {
        this.code = code;
    }

    /** The code on the wire; 0 for {@link #UNKNOWN}. */
    public int code() {
        return code;
    }

    /** The type of that code; {@link #UNKNOWN} for any other. */
    public static GmsType of(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : UNKNOWN;
    }

    /** The type of that name, as the header's {@code type} field gives it; {@link #UNKNOWN} for any other. */
    public static GmsType of(String name) {
        return name == null ? UNKNOWN : BY_NAME.getOrDefault(name, UNKNOWN);
    }
}
