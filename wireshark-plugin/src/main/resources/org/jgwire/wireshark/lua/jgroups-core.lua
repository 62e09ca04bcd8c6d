-- ---------------------------------------------------------------------------------------------------------------
-- The dissector core (template: wireshark-plugin/src/main/resources/org/jgwire/wireshark/lua/jgroups-core.lua).
-- GEN above holds everything that comes from the JGroups jars and jgwire's layout descriptions.
-- Lua 5.2 to 5.4: no integer division or bit operators, everything local. 64-bit values stay UInt64/Int64.
-- ---------------------------------------------------------------------------------------------------------------

local jgroups = Proto("jgroups", "JGroups")

-- ---- fields ----------------------------------------------------------------------------------------------------

local VERSION_SHORTS = {}
local F = {
    version       = ProtoField.uint16("jgroups.version", "Version", base.HEX),
    version_str   = ProtoField.string("jgroups.version_str", "Version"),
    jar           = ProtoField.string("jgroups.decoded_with", "Layouts of JGroups"),
    frame_flags   = ProtoField.uint8("jgroups.frame_flags", "Frame flags", base.HEX),
    ff_list       = ProtoField.bool("jgroups.frame_flags.list", "LIST (message batch)", 8, nil, 0x01),
    ff_multicast  = ProtoField.bool("jgroups.frame_flags.multicast", "MULTICAST", 8, nil, 0x02),
    cluster       = ProtoField.string("jgroups.cluster", "Cluster"),
    batch_size    = ProtoField.int32("jgroups.batch_size", "Messages in batch"),
    batch_dest    = ProtoField.string("jgroups.batch.dest", "Batch destination"),
    batch_src     = ProtoField.string("jgroups.batch.src", "Batch sender"),
    msg           = ProtoField.none("jgroups.msg", "Message"),
    msg_index     = ProtoField.int32("jgroups.msg.index", "Index in batch"),
    msg_type      = ProtoField.uint16("jgroups.msg.type", "Message type", base.DEC, GEN.message_types),
    leading       = ProtoField.uint8("jgroups.msg.leading", "Leading byte", base.HEX),
    msg_flags     = ProtoField.uint16("jgroups.msg.flags", "Flags", base.HEX),
    src           = ProtoField.string("jgroups.src", "Sender"),                   -- the name where known
    dest          = ProtoField.string("jgroups.dest", "Destination"),
    src_addr      = ProtoField.string("jgroups.src_addr", "Sender address"),      -- the address as written
    dest_addr     = ProtoField.string("jgroups.dest_addr", "Destination address"),
    hdr_count     = ProtoField.uint16("jgroups.msg.header_count", "Headers"),
    hdr           = ProtoField.none("jgroups.hdr", "Header"),
    hdr_protocol  = ProtoField.string("jgroups.hdr.protocol", "Protocol"),
    hdr_prot_id   = ProtoField.uint16("jgroups.hdr.protocol_id", "Protocol id"),
    hdr_magic     = ProtoField.uint16("jgroups.hdr.magic", "Magic id"),
    hdr_class     = ProtoField.string("jgroups.hdr.class", "Header class"),
    payload_len   = ProtoField.int32("jgroups.payload.length", "Payload length"),
    payload       = ProtoField.bytes("jgroups.payload", "Payload"),
    payload_text  = ProtoField.string("jgroups.payload.text", "Payload text"),
    payload_long  = ProtoField.uint64("jgroups.payload.long", "Long payload"),
    payload_class = ProtoField.string("jgroups.payload.class", "Object payload class"),
    view          = ProtoField.string("jgroups.view", "View"),
    view_id       = ProtoField.uint64("jgroups.view.id", "View id"),              -- the counter, as jgwire's view.id
    view_creator  = ProtoField.string("jgroups.view.creator", "Creator"),
    view_kind     = ProtoField.string("jgroups.view.kind", "View kind"),
    view_member   = ProtoField.string("jgroups.view.member", "Member"),
    view_ref      = ProtoField.string("jgroups.view.ref_id", "Reference view id"),
    view_left     = ProtoField.string("jgroups.view.left", "Left"),
    view_joined   = ProtoField.string("jgroups.view.joined", "Joined"),
    digest        = ProtoField.string("jgroups.digest", "Digest"),
    ping_data     = ProtoField.none("jgroups.ping_data", "Discovery data"),
    pd_addr       = ProtoField.string("jgroups.ping_data.addr", "Member"),
    pd_name       = ProtoField.string("jgroups.ping_data.name", "Logical name"),
    pd_physical   = ProtoField.string("jgroups.ping_data.physical", "Physical address"),
    pd_flags      = ProtoField.uint8("jgroups.ping_data.flags", "Flags", base.HEX),
    pd_coord      = ProtoField.bool("jgroups.ping_data.coord", "Coordinator", 8, nil, 0x02),
    handshake     = ProtoField.none("jgroups.handshake", "Connection handshake"),
    hs_cookie     = ProtoField.string("jgroups.handshake.cookie", "Cookie"),
    hs_addr       = ProtoField.string("jgroups.handshake.addr", "Peer address"),
    pdu_len       = ProtoField.int32("jgroups.length", "Frame length"),
    close_mark    = ProtoField.none("jgroups.close", "Graceful close (length -5)"),
    gossip        = ProtoField.none("jgroups.gossip", "GossipData"),
    gossip_type   = ProtoField.uint8("jgroups.gossip.type", "Type", base.DEC, GEN.gossip_types),
    gossip_group  = ProtoField.string("jgroups.gossip.group", "Group"),
    gossip_addr   = ProtoField.string("jgroups.gossip.addr", "Address"),
    gossip_sender = ProtoField.string("jgroups.gossip.sender", "Sender"),
    gossip_name   = ProtoField.string("jgroups.gossip.logical_name", "Logical name"),
    gossip_phys   = ProtoField.string("jgroups.gossip.physical", "Physical address"),
    fd_sock2      = ProtoField.none("jgroups.fd_sock2", "FD_SOCK2 message"),
    signal        = ProtoField.none("jgroups.fd_sock_signal", "FD_SOCK signal"),
    -- signed: ABNORMAL_TERMINATION is -1 (FD_SOCK's constant: the end of the stream without the byte)
    signal_value  = ProtoField.int8("jgroups.fd_sock_signal.value", "Signal", base.DEC, GEN.fd_sock_signals),
    signal_name   = ProtoField.string("jgroups.fd_sock_signal.name", "Signal name"),
    signal_from   = ProtoField.string("jgroups.fd_sock_signal.sender", "Sent from"),
    signal_to     = ProtoField.string("jgroups.fd_sock_signal.receiver", "Sent to"),
    signal_member = ProtoField.string("jgroups.fd_sock_signal.member", "Member whose server socket closed"),
    mping         = ProtoField.none("jgroups.mping", "MPING discovery message"),
    ack           = ProtoField.uint32("jgroups.ack", "Connection acknowledgement (use_acks)", base.HEX,
                                      { [0x01020304] = "OK", [0x04030201] = "FAIL" }),
    wrapped       = ProtoField.none("jgroups.wrapped", "Wrapped message"),
}

-- message flag bits: one boolean field per flag name of every bundled version
local FLAG_FIELDS = {}
for _, fl in ipairs(GEN.message_flags) do
    local field = ProtoField.bool("jgroups.msg.flags." .. string.lower(fl[1]), fl[1], 16, nil, fl[2])
    FLAG_FIELDS[#FLAG_FIELDS + 1] = field
    F["flag_" .. fl[1] .. "_" .. fl[2]] = field
end
for _, jar in ipairs(GEN.jars) do
    jar.flag_fields = {}
    for i, fl in ipairs(jar.flags) do jar.flag_fields[i] = F["flag_" .. fl[1] .. "_" .. fl[2]] end
end

-- header fields, one per section.name of every layout (GEN.fields: key, label, kind)
local HF = {}
local HF_KIND = {}
for _, hf in ipairs(GEN.fields) do
    local key, label, kind, vs = hf[1], hf[2], hf[3], GEN.value_strings[hf[1]]
    local abbr = "jgroups." .. key
    local field
    if kind == "u64" then field = ProtoField.uint64(abbr, label, base.DEC)
    elseif kind == "i8" then field = ProtoField.int8(abbr, label, base.DEC, vs)
    elseif kind == "i16" then field = ProtoField.int16(abbr, label, base.DEC, vs)
    elseif kind == "i32" then field = ProtoField.int32(abbr, label, base.DEC, vs)
    elseif kind == "i64" then field = ProtoField.int64(abbr, label, base.DEC)
    elseif kind == "bool" then field = ProtoField.bool(abbr, label)
    else field = ProtoField.string(abbr, label) end
    HF[key] = field
    HF_KIND[key] = kind
end

-- filter keys and value strings resolved once per layout item, not per value read
local function prepare(items, section)
    for _, item in ipairs(items) do
        local op = item[1]
        if op == "v" then item.key = section .. "." .. item[3]
        elseif op == "bit" then item.key = section .. "." .. item[2]
        elseif op == "switch" then for _, arm in pairs(item[3]) do prepare(arm, section) end
        elseif op == "ifbit" then prepare(item[4], section)
        elseif op == "ifpos" then prepare(item[3], section)
        elseif op == "if" then prepare(item[5], section) prepare(item[6], section) end
    end
end
for _, layout in ipairs(GEN.layouts) do
    prepare(layout.items, layout.section)
    layout.type_names = GEN.value_strings[layout.section .. ".type"]
end

local all_fields = {}
for _, f in pairs(F) do all_fields[#all_fields + 1] = f end
for _, f in pairs(HF) do all_fields[#all_fields + 1] = f end
jgroups.fields = all_fields

local E = {
    truncated = ProtoExpert.new("jgroups.truncated", "JGroups data cut short", expert.group.MALFORMED, expert.severity.ERROR),
    malformed = ProtoExpert.new("jgroups.malformed", "Malformed JGroups data", expert.group.MALFORMED, expert.severity.ERROR),
    unknown_header = ProtoExpert.new("jgroups.unknown_header", "Header jgwire has no layout for", expert.group.UNDECODED, expert.severity.NOTE),
    unknown_version = ProtoExpert.new("jgroups.unknown_version", "JGroups version without a known wire format", expert.group.UNDECODED, expert.severity.WARN),
    undecoded = ProtoExpert.new("jgroups.undecoded", "Not decoded", expert.group.UNDECODED, expert.severity.NOTE),
    lua = ProtoExpert.new("jgroups.internal", "Internal dissector problem", expert.group.MALFORMED, expert.severity.ERROR),
    -- what one frame shows of the cluster's health (section "expert info" below)
    retransmission = ProtoExpert.new("jgroups.expert.retransmission", "Retransmission request or retransmission",
        expert.group.SEQUENCE, expert.severity.NOTE),
    outside_view = ProtoExpert.new("jgroups.expert.outside_view", "Message from a member outside the latest view",
        expert.group.SEQUENCE, expert.severity.WARN),
    icmp_bounced = ProtoExpert.new("jgroups.expert.icmp_bounced", "JGroups datagram bounced (quoted in an ICMP error)",
        expert.group.PROTOCOL, expert.severity.WARN),
}
jgroups.experts = { E.truncated, E.malformed, E.unknown_header, E.unknown_version, E.undecoded, E.lua,
    E.retransmission, E.outside_view, E.icmp_bounced }

-- ---- preferences -----------------------------------------------------------------------------------------------

jgroups.prefs.heuristic = Pref.bool("Recognise JGroups on any port", true,
    "Heuristic dissectors for UDP and TCP: a frame starting with a known JGroups version short")
jgroups.prefs.udp_ports = Pref.range("Extra UDP ports", "", "UDP ports always decoded as JGroups", 65535)
jgroups.prefs.tcp_ports = Pref.range("Extra TCP ports", "", "TCP ports always decoded as JGroups", 65535)
jgroups.prefs.names = Pref.bool("Show logical names", true, "Show names learned from discovery next to addresses")

-- ---- small helpers ---------------------------------------------------------------------------------------------

-- a bit test without bit operators (Lua 5.2 has none, 5.4's would not parse on 5.2)
local floor = math.floor
local function has(v, mask)
    return floor(v / mask) % 2 == 1
end

local function version_text(s)
    return string.format("%d.%d.%d", math.floor(s / 2048), math.floor(s / 64) % 32, s % 64)
end

-- a read past the end: raised as a table and caught where the frame is dissected
local Truncated = {}
local Malformed = {}
local function bad(off, text)
    error({ Malformed, off, text })
end

-- Values are read from the bound tvb's bytes as a Lua string (string.byte is far cheaper than a TvbRange per value);
-- TvbRanges are made only for tree items. bind() runs again whenever a reader gets another tvb.
local byte, sub, format = string.byte, string.sub, string.format
local rawequal, type = rawequal, type
local RAW_TVB, RAW, RAW_LEN = nil, "", 0
local function bind(tvb)
    RAW_TVB, RAW, RAW_LEN = tvb, tvb:raw(), tvb:len()
end
-- at every entry from Wireshark: never trust a binding from another packet
local function unbind()
    RAW_TVB, RAW, RAW_LEN = nil, "", 0
end

-- What the caller looks at, set where Wireshark enters the plugin. SHOWN: a tree someone reads (-V, -O, -T json or
-- fields, Wireshark's packet details). TREE: any tree, also one made only for a display filter or colouring rules,
-- which keeps just the items of the fields they name: field items are added, text (set_text, text-only items) is
-- not. Neither (plain `tshark -r`, Wireshark's first pass without filters): only what the Info column and the
-- per-capture state need (names, views, TCP reassembly) is read; values are still read to find where the next one
-- starts. A header's or message's text would otherwise cost more than its dissection.
local TREE, SHOWN = true, true
local function observe(tree)
    SHOWN = tree.visible
    -- a TreeItem made of no tree at all prints "has subtree=false" (no other attribute tells it from a hidden tree);
    -- any other text is taken for a tree
    TREE = SHOWN or not string.find(tostring(tree), "has subtree=false", 1, true)
end

-- rawequal: Tvb's own == raises for an expired Tvb (the previous packet's)
local function need(tvb, off, n)
    if not rawequal(tvb, RAW_TVB) then bind(tvb) end
    if n < 0 then bad(off, "negative length " .. n) end
    if off + n > RAW_LEN then error({ Truncated, off }) end
end

-- files an error raised while reading: damaged data as truncated / malformed, anything else (a bug of the plugin)
-- as an internal problem, never as malformed data
local function report(item, err, what)
    if type(err) == "table" and err[1] == Truncated then
        item:add_proto_expert_info(E.truncated, what .. " cut short at byte " .. tostring(err[2]))
    elseif type(err) == "table" and err[1] == Malformed then
        item:add_proto_expert_info(E.malformed, tostring(err[3]) .. " (byte " .. tostring(err[2]) .. ")")
    else
        item:add_proto_expert_info(E.lua, tostring(err))
    end
end

-- TreeItem:set_len throws a C exception (which would cross Lua and crash Wireshark 4.0) for a length beyond the
-- data: every length set goes through here
local function set_len(item, tvb, start, len)
    local max = tvb:len() - start
    if len > max then len = max end
    if len < 0 then len = 0 end
    item:set_len(len)
end

-- The readers below check the binding and the bounds themselves and call need() only when it has work to do (bind
-- another tvb, raise): a batch of ~290 messages makes tens of thousands of reads per frame, each call counts.
local function u8(tvb, off)
    if off + 1 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 1) end
    return byte(RAW, off + 1)
end
local function i8(tvb, off)
    if off + 1 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 1) end
    local v = byte(RAW, off + 1)
    if v >= 128 then return v - 256 end
    return v
end
local function u16(tvb, off)
    if off + 2 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 2) end
    local a, b = byte(RAW, off + 1, off + 2)
    return a * 256 + b
end
local function i16(tvb, off)
    if off + 2 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 2) end
    local a, b = byte(RAW, off + 1, off + 2)
    local v = a * 256 + b
    if v >= 32768 then return v - 65536 end
    return v
end
local function i32(tvb, off)
    if off + 4 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 4) end
    local a, b, c, d = byte(RAW, off + 1, off + 4)
    local v = ((a * 256 + b) * 256 + c) * 256 + d
    if a >= 128 then return v - 4294967296 end
    return v
end

-- Bits.writeLongCompressed: length byte, then that many bytes, least significant first. Up to 6 bytes fit a Lua
-- number exactly (5.2 has no integers); 7 and 8 bytes become a UInt64.
local function compressed(tvb, off)
    local n = u8(tvb, off)
    if n > 8 then bad(off, "compressed number of " .. n .. " bytes (at most 8)") end
    if n == 0 then return 0, 1 end
    if off + 1 + n > RAW_LEN then need(tvb, off + 1, n) end -- u8 bound tvb
    if n > 6 then return tvb(off + 1, n):le_uint64(), n + 1 end
    local v = 0
    -- the length byte is RAW[off + 1]; the value's bytes RAW[off + 2 .. off + n + 1], least significant first
    for i = off + n + 1, off + 2, -1 do v = v * 256 + byte(RAW, i) end
    return v, n + 1
end

-- Bits.writeString: presence byte, then writeUTF (u16 length + modified UTF-8)
local function jstring(tvb, off)
    local present = u8(tvb, off)
    if present == 0 then return nil, 1 end
    local len = u16(tvb, off + 1)
    if off + 3 + len > RAW_LEN then need(tvb, off + 3, len) end -- u16 bound tvb
    return sub(RAW, off + 4, off + 3 + len), len + 3
end

-- u16 length (-1 = null) + bytes
local function short_bytes(tvb, off)
    local len = i16(tvb, off)
    if len < 0 then return nil, 2 end
    if off + 2 + len > RAW_LEN then need(tvb, off + 2, len) end -- i16 bound tvb
    return sub(RAW, off + 3, off + 2 + len), len + 2
end

-- ---- per-capture state: logical names and views, reset on every (re-)dissection -------------------------------

local names, views, conv_state, frame_cache, first_segment, fd_sock_held
local fd_sock_servers, fd_sock_ports, fd_sock_dirs, fd_sock_ends, fd_sock_shown, fd_sock_last, fd_sock_at_end
local latest_view, in_a_view, leaving, outside_memo

local function reset_state()
    names = {}        -- address text -> { name = ..., frame = first frame that taught it }
    views = {}        -- view id text -> list of member address texts
    conv_state = {}   -- per TCP conversation and direction: kind and version
    frame_cache = {}
    first_segment = {} -- per TCP conversation and direction: the frame of the first segment with data seen
    fd_sock_held = {} -- per TCP direction whose first segment may be FD_SOCK's signal: that segment's frame
    fd_sock_shown = {} -- per TCP direction: the frame where TCP handed the held signal back and it was shown
    fd_sock_servers = {} -- FD_SOCK server socket ("ip:port", from I_HAVE_SOCK) -> its member's address
    fd_sock_ports = {} -- port -> true: the TCP segments with it are followed to their FIN or RST (postdissector)
    fd_sock_dirs = {} -- per TCP direction followed: { next = seq, seen = bytes, first = byte, gap, ended }
    fd_sock_ends = {} -- frame number -> the signals its FIN or RST gives (the first pass's, for later passes)
    fd_sock_last = 0 -- the last frame of the first pass
    fd_sock_at_end = nil -- the signals still open at the end of the capture, once known (a later pass)
    latest_view = {}  -- per cluster name, per view lineage: the latest view installed ({ id, num, count, members })
    in_a_view = {}    -- cluster .. "\0" .. address -> true once a view seen held the member
    leaving = {}      -- cluster .. "\0" .. address -> true once the member asked to leave or left a view it sent
    outside_memo = {} -- frame number -> { [n] = the latest view's id } for its n-th message found outside that view
end
reset_state()

function jgroups.init()
    reset_state()
end

local current_frame = 0

local function learn(addr, name, frame)
    if addr == nil or name == nil then return end
    local known = names[addr]
    if known == nil or (known.name ~= name and frame >= known.frame) then
        names[addr] = { name = name, frame = frame }
    end
end

local function name_of(addr)
    if addr == nil then return nil end
    local n = names[addr]
    if n ~= nil and n.frame <= current_frame then return n.name end
    return nil
end

-- "A (uuid)" when the name is known at this frame, else the address
local function shown(addr)
    if addr == nil then return "null" end
    local n = jgroups.prefs.names and name_of(addr) or nil
    if n then return n .. " (" .. addr .. ")" end
    return addr
end

local function short_shown(addr)
    if addr == nil then return "<all>" end
    return name_of(addr) or addr
end

-- ---- addresses (Util.writeAddress) ------------------------------------------------------------------------------

local ADDR_NULL, ADDR_UUID, ADDR_SITE_UUID, ADDR_SITE_MASTER, ADDR_IP = 1, 2, 4, 8, 16

local UUID_FORMAT = "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x"
local function uuid_text(tvb, off)
    need(tvb, off, 16)
    -- least significant half first; Java prints the most significant half first
    local l1, l2, l3, l4, l5, l6, l7, l8, m1, m2, m3, m4, m5, m6, m7, m8 = byte(RAW, off + 1, off + 16)
    return format(UUID_FORMAT, m1, m2, m3, m4, m5, m6, m7, m8, l1, l2, l3, l4, l5, l6, l7, l8)
end

-- IpAddress.writeTo: u8 length, 4 or 16 bytes, [i32 scope for IPv6], u16 port
local function ip_address(tvb, off)
    local n = u8(tvb, off)
    if n == 0 then
        return ":" .. u16(tvb, off + 1), 3
    elseif n == 4 then
        need(tvb, off + 1, 6)
        local a, b, c, d = byte(RAW, off + 2, off + 5)
        return a .. "." .. b .. "." .. c .. "." .. d .. ":" .. u16(tvb, off + 5), 7
    elseif n == 16 then
        need(tvb, off + 1, 22)
        return "[" .. tostring(tvb(off + 1, 16):ipv6()) .. "]:" .. tvb(off + 21, 2):uint(), 23
    end
    bad(off, "IP address of " .. n .. " bytes")
end

-- ExtendedUUID.write: u8 count, then per entry u8 key length + key, u8 value length + value
-- also returns the value of the "relay2.site" key (SiteUUID.SITE_NAME before 5.2.17), or nil
local function extended_tail(tvb, off)
    local count = u8(tvb, off)
    local len, site = 1, nil
    for _ = 1, count do
        local kl = u8(tvb, off + len)
        local vl = u8(tvb, off + len + 1 + kl)
        need(tvb, off, len + 2 + kl + vl)
        if kl == 11 and sub(RAW, off + len + 2, off + len + 12) == "relay2.site" then
            site = sub(RAW, off + len + 14 + 0, off + len + 13 + vl)
        end
        len = len + 2 + kl + vl
    end
    return len, site
end

-- what ExtendedUUID (and SiteUUID, SiteMaster) write after the UUID: the flags (3.x ExtendedUUID.write: u16;
-- 4.0+ FlagsUUID.writeTo: Bits.writeInt(Compressed), a length byte and that many bytes), then the key/value map
local function extended_rest(ctx, tvb, off)
    local len
    if ctx.extended_flags then len = 2
    else
        local n = u8(tvb, off)
        if n > 4 then bad(off, "compressed int of " .. n .. " bytes") end
        len = 1 + n
    end
    need(tvb, off + len, 1)
    local n, site = extended_tail(tvb, off + len)
    return len + n, site
end

-- the 5.x decoder (adapter jg5 Addresses) shows a SiteMaster as "SiteMaster:<site>"; 3.x/4.x show its UUID
local function site_master_text(ctx, u, site)
    if ctx.typed then return "SiteMaster:" .. tostring(site) end
    return u
end

local read_address

-- an address class written with its magic id (Util.writeOtherAddress)
local function other_address(ctx, tvb, off)
    local magic = i16(tvb, off)
    local class = ctx.cat.classes[magic]
    local simple = class and class[2] or ("magic " .. magic)
    if simple == "ExtendedUUID" or simple == "FlagsUUID" or simple == "SiteUUID" or simple == "SiteMaster" then
        local u = uuid_text(tvb, off + 2)
        local rest, site = extended_rest(ctx, tvb, off + 18)
        local len = 18 + rest
        if ctx.site_strings and (simple == "SiteUUID" or simple == "SiteMaster") then
            local n1, n2, name
            site, n1 = jstring(tvb, off + len)
            name, n2 = jstring(tvb, off + len + n1)
            if name then learn(u, name, current_frame) end
            len = len + n1 + n2
        end
        if simple == "SiteMaster" then return site_master_text(ctx, u, site), len end
        return u, len
    elseif simple == "IpAddress" then
        local a, n = ip_address(tvb, off + 2)
        return a, n + 2
    end
    bad(off, "address class " .. (class and class[1] or ("magic " .. magic)) .. " is not known to the dissector")
end

-- returns the address text (nil for null) and the bytes it took
read_address = function(ctx, tvb, off)
    local flags = u8(tvb, off)
    if has(flags, ADDR_NULL) then return nil, 1 end
    if has(flags, ADDR_UUID) then return uuid_text(tvb, off + 1), 17 end
    if has(flags, ADDR_IP) then
        local a, n = ip_address(tvb, off + 1)
        return a, n + 1
    end
    if has(flags, ADDR_SITE_UUID) or has(flags, ADDR_SITE_MASTER) then
        -- SiteUUID / SiteMaster: an ExtendedUUID; 5.2.17+ add the site and logical name strings (SiteUUID.writeTo)
        local u = uuid_text(tvb, off + 1)
        local rest, site = extended_rest(ctx, tvb, off + 17)
        local len = 17 + rest
        if ctx.site_strings then
            local n1, n2, name
            site, n1 = jstring(tvb, off + len)
            name, n2 = jstring(tvb, off + len + n1)
            if name then learn(u, name, current_frame) end
            len = len + n1 + n2
        end
        if has(flags, ADDR_SITE_MASTER) then return site_master_text(ctx, u, site), len end
        return u, len
    end
    if flags == 0 then
        local a, n = other_address(ctx, tvb, off + 1)
        return a, n + 1
    end
    bad(off, "address flags 0x" .. string.format("%02x", flags))
end

-- Util.writeAddresses: i16 count (-1 = null), then addresses
local function read_addresses(ctx, tvb, off)
    local count = i16(tvb, off)
    local len, list = 2, {}
    if count < 0 then return nil, 2 end
    for i = 1, count do
        local a, n = read_address(ctx, tvb, off + len)
        list[i] = a or "null"
        len = len + n
    end
    return list, len
end

local function view_id_text(ctx, tvb, off)
    local creator, n = read_address(ctx, tvb, off)
    local id, m = compressed(tvb, off + n)
    return (creator or "null") .. "|" .. tostring(id), n + m, creator, id
end

local function list_text(list)
    if list == nil then return "null" end
    return "[" .. table.concat(list, ", ") .. "]"
end

local function shown_list(list)
    if list == nil then return "null" end
    local out = {}
    for i, a in ipairs(list) do out[i] = short_shown(a) end
    return table.concat(out, ", ")
end

-- n bytes at off, least significant first: exact as a number up to 6 bytes, a UInt64 beyond
local function le_number(tvb, off, n)
    if n == 0 then return 0 end
    need(tvb, off, n)
    if n > 8 then bad(off - 1, "number of " .. n .. " bytes") end
    if n > 6 then return tvb(off, n):le_uint64() end
    local v = 0
    for i = off + n, off + 1, -1 do v = v * 256 + byte(RAW, i) end
    return v
end

-- Digest.writeTo(out, write_addrs): the members (Util.writeAddresses) or only their count (i16, the view gives
-- them), then per member Bits.writeLongSequence(highest delivered, highest received): a byte with the two lengths
-- as nibbles, then highest delivered and the delta, least significant byte first. Returns "member: [hd (hr)], ..."
-- as JGroups' Digest.toString prints it (each member as label gives it; "[]" for none) and the length.
local function digest_text(ctx, tvb, off, with_addrs, view_members, label)
    local members, len
    if with_addrs then
        members, len = read_addresses(ctx, tvb, off)
        members = members or {}
    else
        local count = i16(tvb, off)
        len = 2
        members = {}
        for i = 1, count do members[i] = view_members and view_members[i] or ("member " .. i) end
    end
    local parts = {}
    for i, m in ipairs(members) do
        local b = u8(tvb, off + len)
        local l1, l2 = floor(b / 16), b % 16
        local hd = le_number(tvb, off + len + 1, l1)
        local delta = le_number(tvb, off + len + 1 + l1, l2)
        parts[i] = label(m) .. ": [" .. tostring(hd) .. " (" .. tostring(hd + delta) .. ")]"
        len = len + 1 + l1 + l2
    end
    if parts[1] == nil then return "[]", len end
    return table.concat(parts, ", "), len
end

local function as_is(v) return v end

-- ---- header layouts (GEN.layouts): one interpreter for every header class ------------------------------------

local read_items
local read_headers

-- the kinds one reader reads, with no text of their own: one table look-up instead of a walk down the chain below
local SIMPLE_KINDS = {
    BYTE = function(tvb, off) -- i8's work: most headers start with a type byte
        if off + 1 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 1) end
        local v = byte(RAW, off + 1)
        if v >= 128 then return v - 256, 1 end
        return v, 1
    end,
    ENUM_BYTE = function(tvb, off) return u8(tvb, off), 1 end,
    BOOL = function(tvb, off) return u8(tvb, off) ~= 0, 1 end,
    SHORT = function(tvb, off) return i16(tvb, off), 2 end,
    INT = function(tvb, off) return i32(tvb, off), 4 end,
    LONG_COMPRESSED = compressed,
    INT_COMPRESSED = compressed,
    STRING = jstring,
    SHORT_BYTES = short_bytes,
}

local function read_value(ctx, tvb, off, tree, item, section, vals)
    local kind, name, key = item[2], item[3], item.key
    local value, len, text, shown_as
    local simple = SIMPLE_KINDS[kind]
    if simple then
        value, len = simple(tvb, off)
    elseif kind == "LONG" then
        need(tvb, off, 8)
        value, len = tvb(off, 8):int64(), 8
    elseif kind == "UTF" then
        local n = u16(tvb, off)
        need(tvb, off + 2, n)
        value, len = sub(RAW, off + 3, off + 2 + n), 2 + n
    elseif kind == "BYTE_BUFFER" then -- Util.writeByteBuffer: shown as its length, as the decoder does
        if u8(tvb, off) == 0 then value, len = nil, 1
        else
            local n = i32(tvb, off + 1)
            if n < 0 or n > tvb:len() then bad(off, "byte buffer of " .. n .. " bytes") end
            need(tvb, off + 5, n)
            value, len = n .. " bytes", 5 + n
        end
    elseif kind == "INT_STRINGS" then -- i32 count + Bits.writeString each; 0 reads back as null
        local count = i32(tvb, off)
        if count < 0 or count > tvb:len() then bad(off, "string count " .. count) end
        len = 4
        if count > 0 then
            local list = {}
            for i = 1, count do
                local str, n = jstring(tvb, off + len)
                list[i] = str or "null"
                len = len + n
            end
            value = list_text(list)
        end
    elseif kind == "HEADERS" then -- Headers.writeHeaders: an empty one reads back as Util.DEFAULT_HEADERS (4) nulls
        local count = u16(tvb, off)
        if count == 0 then value, len = "[null, null, null, null]", 2
        else -- a relayed message's original headers: read as a message's are, under this header
            local stop = read_headers(ctx, tvb, off, tree, nil)
            if stop == nil then bad(off, "an original header without layout (relayed message)") end
            value, len = count .. " original headers", stop - off
        end
    elseif kind == "ADDRESS" then
        value, len = read_address(ctx, tvb, off)
        if TREE and value then shown_as = short_shown(value) end -- the field by name where known, as jgwire's
        if SHOWN then text = shown(value) end
    elseif kind == "ADDRESSES" then
        local list
        list, len = read_addresses(ctx, tvb, off)
        value = list_text(list)
        if SHOWN then text = "[" .. shown_list(list) .. "]" end
    elseif kind == "INT_ADDRESSES" then -- a count of 0 reads back as null (FdHeader.readFrom)
        local count = i32(tvb, off)
        if count < 0 or count > tvb:len() then bad(off, "address count " .. count) end
        len = 4
        if count > 0 then
            local list = {}
            for i = 1, count do
                local a, n = read_address(ctx, tvb, off + len)
                list[i] = a or "null"
                len = len + n
            end
            value = list_text(list)
            if SHOWN then text = "[" .. shown_list(list) .. "]" end
        end
    elseif kind == "OPT_IP_ADDRESS" then
        if u8(tvb, off) == 0 then value, len = nil, 1
        else
            value, len = ip_address(tvb, off + 1)
            len = len + 1
        end
    elseif kind == "VIEW_ID" then
        local present = u8(tvb, off)
        if present == 0 then value, len = nil, 1
        else
            value, len = view_id_text(ctx, tvb, off + 1)
            len = len + 1
        end
    elseif kind == "DIGEST" then -- Digest.writeTo(out): with the members
        value, len = digest_text(ctx, tvb, off, true, nil, as_is)
        if SHOWN then text = digest_text(ctx, tvb, off, true, nil, short_shown) end
    elseif kind == "AUTH_TOKEN" then -- AuthHeader.writeAuthToken; GEN.auth_tokens: what each token class writes
        if u8(tvb, off) == 0 then value, len = nil, 1
        else
            local magic, name = i16(tvb, off + 1), nil
            len = 3
            if magic < 0 then -- no magic id: the class's name
                local n = u16(tvb, off + 3)
                need(tvb, off + 5, n)
                name, len = sub(RAW, off + 6, off + 5 + n), 5 + n
            else
                name = ctx.cat.classes[magic] and ctx.cat.classes[magic][1]
            end
            local simple = name and string.match(name, "^org%.jgroups%.auth%.([%w_$]+)$")
            local form = simple and GEN.auth_tokens[simple]
            if form == nil then
                bad(off, "AUTH token of class " .. (name or ("magic " .. magic))
                    .. ", whose length only the class knows")
            elseif form == "" then
                value = simple
            elseif form == "STRING" then
                local s, n = jstring(tvb, off + len)
                value, len = simple .. ": " .. (s or "null"), len + n
            else -- BYTE_BUFFER (Util.writeByteBuffer): shown as its length
                if u8(tvb, off + len) == 0 then value, len = simple .. ": null", len + 1
                else
                    local n = i32(tvb, off + len + 1)
                    if n < 0 or n > tvb:len() then bad(off + len, "byte buffer of " .. n .. " bytes") end
                    need(tvb, off + len + 5, n)
                    value, len = simple .. ": " .. n .. " bytes", len + 5 + n
                end
            end
        end
    elseif kind == "MERGE_ID" then
        local a, n = read_address(ctx, tvb, off)
        value, len = (a or "null") .. "::" .. i32(tvb, off + n), n + 4
    else
        bad(off, "layout kind " .. tostring(kind))
    end
    vals[name] = value
    if not TREE then return len end
    if not item[4] then -- wire-only values are shown, not made filterable
        local field = HF[key]
        local range = tvb(off, len)
        if value == nil then
            local it = tree:add(field, range, "null")
            if SHOWN then it:set_text(name .. ": null") end
        elseif HF_KIND[key] == "u64" and type(value) == "number" then
            tree:add(field, range, UInt64(value))
        elseif text then
            tree:add(field, range, shown_as or value):set_text(name .. ": " .. text)
        elseif shown_as then
            tree:add(field, range, shown_as)
        else
            tree:add(field, range, value)
        end
    elseif SHOWN then
        tree:add(tvb(off, len), name .. ": " .. tostring(value))
    end
    return len
end

-- an "if" item's test on a value read before (LayoutReader.holds in Java)
local function holds(test, arg, v)
    if type(v) == "boolean" then v = v and 1 or 0 end
    if type(v) ~= "number" then v = tonumber(tostring(v)) or 0 end
    if test == "eq" then return arg[v] == true
    elseif test == "mask" then return arg ~= 0 and has(v % 4294967296, arg)
    elseif test == "pos" then return v > 0 end
    return v ~= 0
end

read_items = function(ctx, tvb, off, tree, items, section, vals)
    local start = off
    for i = 1, #items do -- not ipairs: its iterator is a call per item
        local item = items[i]
        local op = item[1]
        local simple = op == "v" and not TREE and SIMPLE_KINDS[item[2]]
        if simple then -- read_value's work when nothing is added to a tree, without its call
            local value, len = simple(tvb, off)
            vals[item[3]] = value
            off = off + len
        elseif op == "v" then
            off = off + read_value(ctx, tvb, off, tree, item, section, vals)
        elseif op == "switch" then
            local arm = item[3][vals[item[2]]]
            if arm then off = off + read_items(ctx, tvb, off, tree, arm, section, vals) end
        elseif op == "ifbit" then
            if has(vals[item[2]] % 65536, item[3]) then
                off = off + read_items(ctx, tvb, off, tree, item[4], section, vals)
            end
        elseif op == "ifpos" then
            if vals[item[2]] > 0 then off = off + read_items(ctx, tvb, off, tree, item[3], section, vals) end
        elseif op == "if" then -- derived layouts: {"if", on, test, arg, then, else}
            local v, arm = vals[item[2]], nil
            if item[3] == "eq" and type(v) == "number" then arm = item[4][v] == true and item[5] or item[6]
            else arm = holds(item[3], item[4], v) and item[5] or item[6] end
            off = off + read_items(ctx, tvb, off, tree, arm, section, vals)
        elseif op == "bit" then
            local v = has(vals[item[3]] % 65536, item[4])
            vals[item[2]] = v
            if TREE then tree:add(HF[item.key], v):set_generated() end
        end
    end
    return off - start
end

-- ---- layouts compiled for reading without a tree ---------------------------------------------------------------
-- With no tree a header's items are only read: for their values and for where the header ends. Each layout is made
-- once into closures, one per item with its kind and names bound, so a header costs a few calls instead of
-- read_items' walk and read_value's dispatch (a batch holds some 290 messages of two or three headers each). Same
-- reads, same values, same errors as read_items; the kinds that need more than a reader go through read_value.

local function skip(_, _, off) return off end

local compile_items

local function compile_value(item, section)
    local kind, name = item[2], item[3]
    if kind == "BYTE" then -- inlined: most headers start with a type byte
        return function(_, tvb, off, _, vals)
            if off + 1 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 1) end
            local v = byte(RAW, off + 1)
            if v >= 128 then v = v - 256 end
            vals[name] = v
            return off + 1
        end
    end
    local simple = SIMPLE_KINDS[kind]
    if simple then
        return function(_, tvb, off, _, vals)
            local value, len = simple(tvb, off)
            vals[name] = value
            return off + len
        end
    end
    return function(ctx, tvb, off, tree, vals)
        return off + read_value(ctx, tvb, off, tree, item, section, vals)
    end
end

-- a function(ctx, tvb, off, tree, vals) returning the offset after the items, as read_items reads them
compile_items = function(items, section)
    local steps = {}
    for i = 1, #items do
        local item = items[i]
        local op, step = item[1], skip
        if op == "v" then
            step = compile_value(item, section)
        elseif op == "switch" then
            local on, arms = item[2], {}
            for k, arm in pairs(item[3]) do arms[k] = compile_items(arm, section) end
            step = function(ctx, tvb, off, tree, vals)
                local arm = arms[vals[on]]
                if arm then return arm(ctx, tvb, off, tree, vals) end
                return off
            end
        elseif op == "ifbit" then
            local on, mask, body = item[2], item[3], compile_items(item[4], section)
            step = function(ctx, tvb, off, tree, vals)
                if has(vals[on] % 65536, mask) then return body(ctx, tvb, off, tree, vals) end
                return off
            end
        elseif op == "ifpos" then
            local on, body = item[2], compile_items(item[3], section)
            step = function(ctx, tvb, off, tree, vals)
                if vals[on] > 0 then return body(ctx, tvb, off, tree, vals) end
                return off
            end
        elseif op == "if" then
            local on, test, arg = item[2], item[3], item[4]
            local yes, no = compile_items(item[5], section), compile_items(item[6], section)
            step = function(ctx, tvb, off, tree, vals)
                local v, taken = vals[on], nil
                if test == "eq" and type(v) == "number" then taken = arg[v] == true
                else taken = holds(test, arg, v) end
                if taken then return yes(ctx, tvb, off, tree, vals) end
                return no(ctx, tvb, off, tree, vals)
            end
        elseif op == "bit" then
            local name, on, mask = item[2], item[3], item[4]
            step = function(_, _, off, _, vals)
                vals[name] = has(vals[on] % 65536, mask)
                return off
            end
        end
        steps[i] = step
    end
    local n = #steps
    if n == 0 then return skip end
    if n == 1 then return steps[1] end
    if n == 2 then
        local first, second = steps[1], steps[2]
        return function(ctx, tvb, off, tree, vals)
            return second(ctx, tvb, first(ctx, tvb, off, tree, vals), tree, vals)
        end
    elseif n == 3 then
        local first, second, third = steps[1], steps[2], steps[3]
        return function(ctx, tvb, off, tree, vals)
            off = second(ctx, tvb, first(ctx, tvb, off, tree, vals), tree, vals)
            return third(ctx, tvb, off, tree, vals)
        end
    end
    return function(ctx, tvb, off, tree, vals)
        for i = 1, n do off = steps[i](ctx, tvb, off, tree, vals) end
        return off
    end
end

-- ---- payloads -------------------------------------------------------------------------------------------------

local function printable(tvb, off, len)
    if len == 0 or len > 1024 then return nil end
    need(tvb, off, len)
    local s = sub(RAW, off + 1, off + len)
    if string.find(s, "[^\32-\126\t\r\n]") then return nil end
    return s
end

local function add_bytes(tree, tvb, off, len)
    if not TREE then return end
    tree:add(F.payload_len, tvb(off - 4, 4), len)
    if len > 0 then
        tree:add(F.payload, tvb(off, len))
        local text = printable(tvb, off, len)
        if text then tree:add(F.payload_text, tvb(off, len), text) end
    end
end

local function parse_view(ctx, tvb, off, tree, kind)
    local id, n, creator, counter = view_id_text(ctx, tvb, off)
    local vt = tree:add(F.view, tvb(off, 1), id)
    local len = n
    local v = { id = id, kind = kind }
    if kind == "DELTA_VIEW" then
        local ref, m = view_id_text(ctx, tvb, off + len)
        len = len + m
        local left, l1 = read_addresses(ctx, tvb, off + len)
        len = len + l1
        local joined, l2 = read_addresses(ctx, tvb, off + len)
        len = len + l2
        v.ref, v.left, v.joined = ref, left or {}, joined or {}
        local base = views[ref]
        local members = {}
        if base then
            local gone = {}
            for _, a in ipairs(v.left) do gone[a] = true end
            for _, a in ipairs(base) do if not gone[a] then members[#members + 1] = a end end
            for _, a in ipairs(v.joined) do members[#members + 1] = a end
        end
        v.members = members
        vt:add(F.view_ref, tvb(off, len), ref)
        for _, a in ipairs(v.left) do vt:add(F.view_left, tvb(off, len), short_shown(a)) end
        for _, a in ipairs(v.joined) do vt:add(F.view_joined, tvb(off, len), short_shown(a)) end
    else
        local members, m = read_addresses(ctx, tvb, off + len)
        len = len + m
        v.members = members or {}
        v.raw_members = v.members
        if kind == "MERGE_VIEW" then
            -- MergeView subgroups: u16 count, per subgroup an index or address, a long id and member indexes
            local count = i16(tvb, off + len)
            len = len + 2
            for _ = 1, count do
                local idx = i16(tvb, off + len)
                len = len + 2
                if idx < 0 then local _, a = read_address(ctx, tvb, off + len) len = len + a end
                len = len + 8
                local nm = i16(tvb, off + len)
                len = len + 2
                for _ = 1, nm do
                    local mi = i16(tvb, off + len)
                    len = len + 2
                    if mi < 0 then local _, a = read_address(ctx, tvb, off + len) len = len + a end
                end
            end
        end
    end
    if not views[id] then views[id] = v.members end
    set_len(vt, tvb, off, len)
    vt:add(F.view_id, tvb(off, n), type(counter) == "number" and UInt64(counter) or counter)
    if creator then vt:add(F.view_creator, tvb(off, n), short_shown(creator)) end
    vt:add(F.view_kind, tvb(off, n), kind)
    for _, a in ipairs(v.members) do vt:add(F.view_member, tvb(off, len), short_shown(a)) end
    vt:append_text(" (" .. #v.members .. " members: " .. shown_list(v.members) .. ")")
    ctx.view = v
    return len
end

local function digest(ctx, tvb, off, tree, with_addrs, view_members)
    local text, len = digest_text(ctx, tvb, off, with_addrs, view_members, short_shown)
    local dt = tree:add(F.digest, tvb(off, len), text)
    dt:set_text("Digest: " .. text)
    return len
end

-- GMS.marshal(view, digest): flags u16, [view], [digest]
local GMS_VIEW_PRESENT, GMS_DIGEST_PRESENT, GMS_MERGE_VIEW, GMS_DELTA_VIEW, GMS_READ_ADDRS = 1, 2, 4, 8, 16

local function gms_view_payload(ctx, tvb, off, len, tree)
    local flags = u16(tvb, off)
    local at = off + 2
    local raw_members
    if has(flags, GMS_VIEW_PRESENT) then
        local kind = has(flags, GMS_MERGE_VIEW) and "MERGE_VIEW" or (has(flags, GMS_DELTA_VIEW) and "DELTA_VIEW" or "VIEW")
        at = at + parse_view(ctx, tvb, at, tree, kind)
        raw_members = ctx.view and ctx.view.raw_members
    end
    if has(flags, GMS_DIGEST_PRESENT) then digest(ctx, tvb, at, tree, has(flags, GMS_READ_ADDRS), raw_members) end
end

-- GMS.marshal(JoinRsp) = Util.streamableToBuffer: presence byte, then JoinRsp.writeTo: flags byte
-- (VIEW_PRESENT=1, MERGE_VIEW_PRESENT=8), [view] ...
local function join_rsp_payload(ctx, tvb, off, len, tree)
    if u8(tvb, off) == 0 then return end
    local flags = u8(tvb, off + 1)
    local at = off + 2
    if has(flags, 8) then at = at + parse_view(ctx, tvb, at, tree, "MERGE_VIEW")
    elseif has(flags, 1) then at = at + parse_view(ctx, tvb, at, tree, "VIEW") end
    -- DIGEST_PRESENT: Digest.writeTo(out, false), the members being the view's
    if has(flags, 2) and ctx.view then digest(ctx, tvb, at, tree, false, ctx.view.raw_members) end
end

-- PingData.writeTo: address, flags byte, logical name, physical address, members
local function ping_data(ctx, tvb, off, tree)
    local addr, n = read_address(ctx, tvb, off)
    local len = n
    local flags = u8(tvb, off + len)
    len = len + 1
    local name, m = jstring(tvb, off + len)
    len = len + m
    local phys, p = read_address(ctx, tvb, off + len)
    len = len + p
    local _, q = read_addresses(ctx, tvb, off + len)
    len = len + q
    learn(addr, name, current_frame)
    local t = tree:add(F.ping_data, tvb(off, len))
    t:add(F.pd_addr, tvb(off, n), addr or "null")
    t:add(F.pd_name, tvb(off, len), name or "")
    t:add(F.pd_physical, tvb(off, len), phys or "null")
    t:add(F.pd_flags, tvb(off + n, 1))
    t:add(F.pd_coord, tvb(off + n, 1))
    t:set_text("Discovery data: " .. (name or "?") .. " = " .. (addr or "null") .. " at " .. (phys or "?"))
    return len
end

local function discovery_payload(ctx, tvb, off, len, tree)
    if ctx.discovery_list then
        local count = i32(tvb, off)
        local at = off + 4
        for _ = 1, count do at = at + ping_data(ctx, tvb, at, tree) end
    elseif u8(tvb, off) == 1 then -- Util.streamableToBuffer: presence byte, then one PingData
        ping_data(ctx, tvb, off + 1, tree)
    end
end

-- what a message's payload means, decided by its headers (GMS views, discovery data)
local function interpret_payload(ctx, tvb, off, len, tree, vals_by_section)
    if len <= 0 or (vals_by_section.gms == nil and vals_by_section.ping == nil) then return end
    -- SYM_ENCRYPT/ASYM_ENCRYPT leave the headers readable, the payload is ciphertext: no view or PingData in it
    if vals_by_section.encrypt ~= nil then return end
    -- a fragment's payload is a slice of the original's view (FRAG/FRAG2/FRAG4 FragHeader, FRAG3 Frag3Header)
    if vals_by_section.gms ~= nil and (vals_by_section.frag ~= nil or vals_by_section.frag3 ~= nil) then return end
    local ok, err = pcall(function()
        local gms = vals_by_section.gms
        if gms then
            local t = GEN.value_strings["gms.type"] and GEN.value_strings["gms.type"][gms.type]
            if t == "VIEW" or t == "INSTALL_MERGE_VIEW" or t == "MERGE_RSP" or t == "INSTALL_DIGEST" or t == "GET_DIGEST_RSP" then
                gms_view_payload(ctx, tvb, off, len, tree)
            elseif t == "JOIN_RSP" then
                join_rsp_payload(ctx, tvb, off, len, tree)
            end
        elseif vals_by_section.ping then
            discovery_payload(ctx, tvb, off, len, tree)
        end
    end)
    if not ok then
        if type(err) == "table" then
            tree:add_proto_expert_info(E.malformed, "payload not understood: " .. tostring(err[3] or "cut short"))
        else
            report(tree, err, "payload")
        end
    end
end

-- ---- expert info: retransmissions, members outside the view, ICMP bounces ------------------------------------
-- What one frame shows of the cluster's health, as expert info of the message (docs/wireshark.md, "Expert info"):
-- - jgroups.expert.retransmission: a NAKACK (NAKACK2, NAKACK4, ...) XMIT_REQ or XMIT_RSP, a UNICAST (UNICAST3,
--   UNICAST4, ...) XMIT_REQ: what the decoder's ReliabilityTracker counts as retransmission requests and answers,
--   under its conditions (a request names whose messages it asks for, an answer has a sender).
-- - jgroups.expert.outside_view: a member the latest view of its cluster left out still sends. Computed on the first
--   pass (in frame order) and remembered per frame, since Wireshark dissects again in any order.
-- - jgroups.expert.icmp_bounced: a JGroups datagram quoted by an ICMP error (port unreachable: nothing listens
--   there any more); such a copy counts for nothing else.

local NAKACK_TYPES = { [1] = "MSG", [2] = "XMIT_REQ", [3] = "XMIT_RSP", [4] = "HIGHEST_SEQNO", [5] = "ACK" }
local UNICAST_TYPES = { [0] = "DATA", [1] = "ACK", [2] = "SEND_FIRST_SEQNO", [3] = "XMIT_REQ", [4] = "CLOSE" }

-- the retransmission a header read with layout is, or nil: type names as the jar gives them, else the decoder's
local XMIT_FAMILY = {} -- protocol name -> "NAKACK", "UNICAST" or false: no substring per header read
local function xmit_header(protocol, layout, vals)
    local family = XMIT_FAMILY[protocol]
    if family == nil then
        family = (sub(protocol, 1, 6) == "NAKACK" and "NAKACK") or (sub(protocol, 1, 7) == "UNICAST" and "UNICAST")
        XMIT_FAMILY[protocol] = family
    end
    if not family then return nil end
    local nakack = family == "NAKACK"
    local name = layout.type_names and layout.type_names[vals.type]
    if name == nil then name = (nakack and NAKACK_TYPES or UNICAST_TYPES)[vals.type] end
    if name == "XMIT_REQ" or (nakack and name == "XMIT_RSP") then
        return { protocol = protocol, type = name, nakack = nakack, vals = vals }
    end
    return nil
end

local function note_retransmission(mt, x, src, dest)
    if x.type == "XMIT_RSP" then
        if src == nil then return end
        mt:add_proto_expert_info(E.retransmission, x.protocol .. " XMIT_RSP: " .. short_shown(src)
            .. " sends its message #" .. tostring(x.vals.seqno) .. " again to " .. short_shown(dest))
        return
    end
    -- NAKACK: the original sender is the header's, else the destination; UNICAST asks the destination
    local asked = dest
    if x.nakack and x.vals.sender ~= nil then asked = x.vals.sender end
    if asked == nil or (not x.nakack and src == nil) then return end
    mt:add_proto_expert_info(E.retransmission, x.protocol .. " XMIT_REQ: " .. short_shown(src)
        .. " asks for messages of " .. short_shown(asked) .. " again")
end

-- GMS traffic of joining, leaving and merging, sent by members not (yet, or no longer) in the view
local GMS_MEMBERSHIP = { JOIN_REQ = true, JOIN_RSP = true, JOIN_REQ_WITH_STATE_TRANSFER = true, LEAVE_REQ = true,
    LEAVE_RSP = true, MERGE_REQ = true, MERGE_RSP = true, INSTALL_MERGE_VIEW = true, CANCEL_MERGE = true,
    INSTALL_MERGE_VIEW_OK = true }
-- the GMS messages whose view is installed (MERGE_RSP, GET_DIGEST_RSP, ... carry views already installed)
local INSTALLING = { VIEW = true, INSTALL_MERGE_VIEW = true, JOIN_RSP = true }

-- The view lineage of a cluster a view belongs to: the one whose latest view holds its creator or any of its members.
-- Two clusters of one name (RELAY2's sites, the bridge) are two lineages; a view of neither starts one.
local function lineage_of(lines, creator, set)
    for _, l in ipairs(lines) do
        if l.members[creator] then return l end
        for a in pairs(set) do if l.members[a] then return l end end
    end
    return nil
end

-- A view becomes the latest of its lineage unless it is one seen before or older, or it comes from a member outside
-- the latest view (a frozen member that wakes up and installs a view of its own) and is neither a merge view nor
-- larger (of a split's sides, the larger one). Lineages it holds all members of (a merge) end in it.
local function install_view(cluster, v, src)
    if v.kind == "DELTA_VIEW" and views[v.ref] == nil then return end -- its members are not known
    local creator, num = string.match(v.id, "^(.*)|(%-?%d+)$")
    num = tonumber(num)
    if num == nil or #v.members == 0 then return end
    local set = {}
    for _, a in ipairs(v.members) do
        set[a] = true
        in_a_view[cluster .. "\0" .. a] = true
    end
    -- a coordinator that leaves sends the view without itself
    if src ~= nil and not set[src] then leaving[cluster .. "\0" .. src] = true end
    local lines = latest_view[cluster]
    if lines == nil then
        lines = {}
        latest_view[cluster] = lines
    end
    local cur = lineage_of(lines, creator, set)
    if cur == nil then
        lines[#lines + 1] = { id = v.id, num = num, count = #v.members, members = set }
        return
    end
    if v.id == cur.id or num < cur.num then return end
    if not cur.members[creator] and v.kind ~= "MERGE_VIEW" and #v.members <= cur.count then return end
    cur.id, cur.num, cur.count, cur.members = v.id, num, #v.members, set
    for i = #lines, 1, -1 do
        local l = lines[i]
        if l ~= cur then
            local within = true
            for a in pairs(l.members) do if not set[a] then within = false break end end
            if within then table.remove(lines, i) end
        end
    end
end

-- cluster .. "\0" .. address, the key of in_a_view and leaving, made once per pair: every message of a batch asks
local member_keys = {}
local function member_key(cluster, addr)
    local by_addr = member_keys[cluster]
    if by_addr == nil then
        by_addr = {}
        member_keys[cluster] = by_addr
    end
    local key = by_addr[addr]
    if key == nil then
        key = cluster .. "\0" .. addr
        by_addr[addr] = key
    end
    return key
end

-- the text of the outside-view expert info when the message's sender is in no latest view of its cluster: only a
-- member some view held before, that did not ask to leave, in traffic other than joining, merging and discovery
local function outside_view(ctx, src, vals_by_section, view)
    local cluster = ctx.batch_cluster or (vals_by_section.tp and vals_by_section.tp.cluster_name)
    if cluster == nil then return nil end
    local gms = vals_by_section.gms
    local gms_names = GEN.value_strings["gms.type"]
    local gt = gms and gms.type ~= nil and gms_names and gms_names[gms.type] or nil
    if view and INSTALLING[gt] then install_view(cluster, view, src) end
    if src == nil then return nil end
    local key = member_key(cluster, src)
    if gt == "LEAVE_REQ" then leaving[key] = true end
    local lines = latest_view[cluster]
    if lines == nil or not in_a_view[key] or leaving[key] or GMS_MEMBERSHIP[gt] then return nil end
    -- not member traffic: discovery (PingHeader: PING, MPING, TCPPING, FILE_PING, ...), merge discovery, naming,
    -- relayed messages
    if vals_by_section.ping or vals_by_section.merge3 or vals_by_section.naming or vals_by_section.relay2 then
        return nil
    end
    local ids = {}
    for _, l in ipairs(lines) do
        if l.members[src] then return nil end
        ids[#ids + 1] = "[" .. l.id:gsub("^([^|]+)", function(a) return short_shown(a) end) .. "] ("
            .. l.count .. " members)"
    end
    return short_shown(src) .. " is not a member of the latest view " .. table.concat(ids, " or ")
        .. " and still sends: a member excluded (frozen, cut off) that keeps talking"
end

-- the n-th message dissected since Wireshark entered the plugin for the frame: the key of remembered results;
-- whether the frame was dissected before and whether it is a copy an ICMP error quotes, read once per entry
local msg_ordinal, frame_visited, frame_quoted = 0, false, false
local function enter_frame(pinfo)
    msg_ordinal, frame_visited, frame_quoted = 0, pinfo.visited, pinfo.in_error_pkt
end

local function check_message(ctx, mt, src, dest, xmit, vals_by_section, view)
    if frame_quoted then return end -- a copy quoted by an ICMP error: noted as bounced, counted nowhere
    if xmit then note_retransmission(mt, xmit, src, dest) end
    msg_ordinal = msg_ordinal + 1
    local text
    local pinfo = ctx.pinfo
    if frame_visited then
        local memo = outside_memo[pinfo.number]
        text = memo and memo[msg_ordinal]
    else
        text = outside_view(ctx, src, vals_by_section, view)
        if text then
            local memo = outside_memo[pinfo.number] or {}
            memo[msg_ordinal] = text
            outside_memo[pinfo.number] = memo
        end
    end
    if text then mt:add_proto_expert_info(E.outside_view, text) end
end

local function note_bounce(pinfo, item)
    if not pinfo.in_error_pkt then return end
    item:add_proto_expert_info(E.icmp_bounced, "JGroups datagram to " .. tostring(pinfo.dst) .. ":"
        .. tostring(pinfo.dst_port) .. " bounced: an ICMP error quotes it (nothing listens there: a member gone?)")
end

-- ---- messages -------------------------------------------------------------------------------------------------

-- MERGE3 INFO carries the sender's logical name and physical address: learned as discovery data is (the decoder's
-- Discoveries.mergeInfo / adapter jg5 DiscoveryData.mergeInfo), shown as a discovery item of the message
local function merge_info(vals, src, tree, tvb, off, len)
    if vals == nil or src == nil then return end
    local types = GEN.value_strings["merge3.type"]
    if not (types and types[vals.type] == "INFO") then return end
    if vals.logical_name == nil and vals.physical_addr == nil then return end
    learn(src, vals.logical_name, current_frame)
    local t = tree:add(F.ping_data, tvb(off, len))
    t:set_text("Learned from MERGE3 INFO")
    t:add(F.pd_addr, tvb(off, len), src):set_generated()
    t:add(F.pd_name, tvb(off, len), vals.logical_name or ""):set_generated()
    t:add(F.pd_physical, tvb(off, len), vals.physical_addr or "null"):set_generated()
end

local LEADING_DEST, LEADING_SRC, LEADING_BUF = 1, 2, 4
local MSG_EMPTY = 2 -- Message.EMPTY_MSG
local dissect_message

-- SEQUENCER's FORWARD and FLUSH (to the coordinator) and WRAPPED_BCAST (its broadcast of a forwarded one) carry the
-- original message as their payload (core-codec's StackStep and SequencerTypes). Not inside a message SEQUENCER
-- unwrapped already: the original carries its own SequencerHeader, of which SEQUENCER reads only the seqno. Not
-- under COMPRESS: that payload is deflated, and the plugin does not inflate.
local SEQUENCER_WRAPS = { FORWARD = true, FLUSH = true, WRAPPED_BCAST = true }
local function wraps(ctx, vals_by_section)
    local seq = vals_by_section.sequencer
    if seq == nil or ctx.unwrapping or vals_by_section.compress ~= nil then return false end
    local types = GEN.value_strings["sequencer.type"]
    return types ~= nil and SEQUENCER_WRAPS[types[seq.type]] == true
end

-- the wrapped message as a subtree of its carrier: in 5.x Util.messageToBuffer (type short, Message.writeTo), in
-- 3.6/4.x Util.streamableToBuffer (presence byte, Message.writeTo); its sender is the carrier's when it has none
local function sequencer_wrapped(ctx, tvb, off, len, tree, carrier_src, seq)
    local wt = tree:add(F.wrapped, tvb(off, math.max(len, 1)))
    local types = GEN.value_strings["sequencer.type"]
    if SHOWN then wt:set_text("Wrapped message (SEQUENCER " .. types[seq.type] .. " #" .. tostring(seq.seqno) .. ")") end
    local ok, err = pcall(function()
        local at, mtype = off, nil
        if ctx.typed then
            mtype = u16(tvb, at)
            at = at + 2
        else
            if u8(tvb, at) ~= 1 then bad(at, "no wrapped message: a null one") end
            at = at + 1
        end
        ctx.unwrapping = true
        local stop = dissect_message(ctx, tvb, at, wt, mtype, carrier_src, nil, {}, false)
        if stop and stop ~= off + len then
            wt:add_proto_expert_info(E.malformed, "the wrapped message ends at byte " .. stop
                .. ", its carrier's payload at " .. (off + len))
        end
    end)
    ctx.unwrapping = nil
    if not ok then report(wt, err, "wrapped message") end
end

-- FD_SOCK's I_HAVE_SOCK names a member's server socket: as the decoder (FdSockServers), the plugin follows the TCP
-- connections to it, to find the ones that server closes first without a signal (ABNORMAL_TERMINATION)
local function fd_sock_announced(layout, vals)
    if frame_quoted or vals.sock_addr == nil or vals.mbr == nil then return end
    if layout.type_names == nil or layout.type_names[vals.type] ~= "I_HAVE_SOCK" then return end
    fd_sock_servers[vals.sock_addr] = vals.mbr
    local port = tonumber(string.match(vals.sock_addr, ":(%d+)$"))
    if port then fd_sock_ports[port] = true end
end

read_headers = function(ctx, tvb, off, tree, summary)
    local count = u16(tvb, off)
    if TREE then tree:add(F.hdr_count, tvb(off, 2)) end
    local at = off + 2
    local vals_by_section = {}
    local xmit
    local protocols, classes = ctx.cat.protocols, ctx.cat.classes
    for i = 1, count do
        local prot_id, magic
        if at + 4 <= RAW_LEN and rawequal(tvb, RAW_TVB) then -- the common case, in one step
            local b1, b2, b3, b4 = byte(RAW, at + 1, at + 4)
            prot_id, magic = b1 * 256 + b2, b3 * 256 + b4
            if magic >= 32768 then magic = magic - 65536 end
        else
            prot_id, magic = u16(tvb, at), i16(tvb, at + 2)
        end
        local protocol = protocols[prot_id] or ("id=" .. prot_id)
        local class = classes[magic]
        local ht = tree -- without a tree, the message's (cold paths below may still add to it)
        if TREE then
            ht = tree:add(F.hdr, tvb(at, 4))
            -- the ids as items of their own only where no name stands for them: a batch holds hundreds of headers
            local known_protocol = protocols[prot_id] ~= nil
            if not known_protocol then ht:add(F.hdr_prot_id, tvb(at, 2)) end
            local pt = ht:add(F.hdr_protocol, tvb(at, 2), protocol)
            if SHOWN then pt:append_text(" (id " .. prot_id .. ")") end
        end
        if class == nil then
            ht:add(F.hdr_magic, tvb(at + 2, 2))
            ht:set_text(protocol .. ": unknown magic id " .. magic)
            ht:add_proto_expert_info(E.unknown_header, "magic id " .. magic .. " is not in JGroups " .. ctx.jar.label .. "'s magic map; rest of the message not decoded")
            return nil, vals_by_section
        end
        if TREE then
            local ct = ht:add(F.hdr_class, tvb(at + 2, 2), class[1])
            if SHOWN then ct:append_text(" (magic " .. magic .. ")") end
        end
        local layout = class[3] and GEN.layouts[class[3]]
        if layout == nil then
            -- the generator could not lay this class out (its report and docs/wireshark-coverage.md say why):
            -- nothing is guessed, the message ends here
            ht:set_text(protocol .. ": header of class " .. class[2] .. ", layout unknown: rest of message not dissected")
            ht:add_proto_expert_info(E.unknown_header, "header of class " .. class[1] .. ", layout unknown: rest of message not dissected (JGroups " .. ctx.jar.label .. ")")
            return nil, vals_by_section
        end
        local vals = {}
        local n
        if TREE then n = read_items(ctx, tvb, at + 4, ht, layout.items, layout.section, vals)
        else
            local read = layout.read_no_tree
            if read == nil then
                read = compile_items(layout.items, layout.section)
                layout.read_no_tree = read
            end
            n = read(ctx, tvb, at + 4, ht, vals) - (at + 4)
        end
        vals_by_section[layout.section] = vals
        if layout.section == "fd_sock" then fd_sock_announced(layout, vals) end
        if xmit == nil and vals.type ~= nil and XMIT_FAMILY[protocol] ~= false then
            xmit = xmit_header(protocol, layout, vals)
        end
        if summary then
            summary.headers[#summary.headers + 1] = { protocol = protocol, section = layout.section, vals = vals }
        end
        if TREE then set_len(ht, tvb, at, 4 + n) end
        if SHOWN then
            local type_name = vals.type ~= nil and layout.type_names and layout.type_names[vals.type]
            ht:set_text(protocol .. ": " .. class[2] .. (type_name and (" " .. type_name) or ""))
        end
        at = at + 4 + n
    end
    return at, vals_by_section, xmit
end

-- Util.primitiveToStream's TYPE_* codes: the bytes after the type byte; -1 for TYPE_STRING (measured), nil = unknown
local PRIMITIVE_SIZE = { [0] = 0, 1, 1, 1, 1, 2, 2, 8, 8, 4, 4, 4, 4, 8, 8, 2, 2, -1, -2, 1 }

local function primitive_end(tvb, off, ptype)
    local size = PRIMITIVE_SIZE[ptype]
    if size == nil then bad(off - 1, "object payload type byte " .. ptype) end
    if size == -1 then -- Util.writeString: ascii boolean, then i32 length + bytes, or writeUTF
        if u8(tvb, off) ~= 0 then
            local len = i32(tvb, off + 1)
            need(tvb, off + 5, len)
            return off + 5 + len
        end
        local len = u16(tvb, off + 1)
        need(tvb, off + 3, len)
        return off + 3 + len
    elseif size == -2 then -- byte[]: i32 length + bytes
        local len = i32(tvb, off)
        need(tvb, off + 4, math.max(len, 0))
        return off + 4 + math.max(len, 0)
    end
    need(tvb, off, size)
    return off + size
end

-- Util.writeGenericStreamable: presence, magic (-1: class name), the object's own bytes. Returns the end, or nil
-- and why when only the class knows it (no readFrom is ever run on captured bytes: the wrappers and the Digest /
-- SeqnoList forms are read here by hand, as the decoder does)
local function generic_streamable(ctx, tvb, off, tree)
    local present = u8(tvb, off)
    if present == 0 then return off + 1 end
    local magic = i16(tvb, off + 1)
    local class
    if magic == -1 then
        local len = u16(tvb, off + 3)
        need(tvb, off + 5, len)
        class = tvb(off + 5, len):string()
        tree:add(F.payload_class, tvb(off, 1), class)
        return nil, "object of application class " .. class
    end
    local c = ctx.cat.classes[magic]
    class = c and c[1] or ("magic " .. magic)
    tree:add(F.payload_class, tvb(off, 1), class)
    local body = off + 3
    if class == "org.jgroups.util.Digest" or class == "org.jgroups.util.MutableDigest" then
        return body + digest(ctx, tvb, body, tree, true, nil) -- Digest.writeTo(out): with the members
    elseif class == "org.jgroups.util.SeqnoList" then
        -- SeqnoList.writeTo (5.2+): i32 size, i64 offset, then FixedSizeBitSet's words ((size - 1) >> 6) + 1
        local size = i32(tvb, body)
        need(tvb, body + 4, 8)
        if size < 0 then bad(body, "SeqnoList size " .. size) end
        local words = math.floor((size - 1) / 64) + 1
        need(tvb, body + 12, words * 8)
        tree:add(tvb(body, 12 + words * 8), "SeqnoList: " .. size .. " bits from seqno " .. tostring(tvb(body + 4, 8):uint64()))
        return body + 12 + words * 8
    elseif class == "org.jgroups.util.ObjectWrapperPrimitive" then
        return primitive_end(tvb, body + 1, u8(tvb, body))
    elseif class == "org.jgroups.util.ObjectWrapperSerializable" or class == "org.jgroups.util.ObjectWrapper" then
        local len = i32(tvb, body) -- i32 length (-1 = null) + Java-serialized bytes
        need(tvb, body + 4, math.max(len, 0))
        return body + 4 + math.max(len, 0)
    end
    return nil, "object payload of class " .. class .. ": its length is only known to the class"
end

-- ObjectMessage.writePayload: Util.objectToStream (a type byte first) before 5.2.11, writeGenericStreamable since
local function object_payload(ctx, tvb, off, tree)
    if ctx.vshort >= GEN.features.object_generic_streamable then return generic_streamable(ctx, tvb, off, tree) end
    local t = u8(tvb, off)
    if t == 50 then return generic_streamable(ctx, tvb, off + 1, tree) end -- TYPE_STREAMABLE
    if t == 51 then return nil, "Java-serialized object payload (Util.objectToStream TYPE_SERIALIZABLE)" end
    return primitive_end(tvb, off + 1, t)
end

-- the message type short's payload (5.x); returns the offset after it or nil when its end is unknown
local function read_payload(ctx, tvb, off, tree, mtype, msg_src, vals_by_section, summary)
    if mtype == 0 then -- BytesMessage: i32 length (-1 = null) + bytes
        local len = i32(tvb, off)
        if len < 0 then tree:add(F.payload_len, tvb(off, 4), len) return off + 4 end
        if off + 4 + len > RAW_LEN then need(tvb, off + 4, len) end -- i32 bound tvb
        if TREE then add_bytes(tree, tvb, off + 4, len) end
        if vals_by_section.gms or vals_by_section.ping then -- only these payloads mean something
            interpret_payload(ctx, tvb, off + 4, len, tree, vals_by_section)
        end
        return off + 4 + len, off + 4, len
    elseif mtype == 1 then -- NioMessage: direct-memory flag + i32 length + bytes
        local len = i32(tvb, off + 1)
        if len < 0 then return off + 5 end
        need(tvb, off + 5, len)
        add_bytes(tree, tvb, off + 5, len)
        interpret_payload(ctx, tvb, off + 5, len, tree, vals_by_section)
        return off + 5 + len, off + 5, len
    elseif mtype == 2 then -- EmptyMessage
        return off
    elseif mtype == 4 then -- LongMessage
        local v, n = compressed(tvb, off)
        if type(v) == "number" then v = UInt64(v) end -- a 64-bit field takes no Lua number on Wireshark 4.0
        if TREE then
            tree:add(F.payload_len, tvb(off, n), n):set_generated() -- its compressed bytes, as the decoder counts
            tree:add(F.payload_long, tvb(off, n), v)
        end
        return off + n
    elseif mtype == 6 then -- FragmentedMessage: i32 length + a slice of the serialized original
        local len = i32(tvb, off)
        if len < 0 then bad(off, "fragment length " .. len) end
        need(tvb, off + 4, len)
        add_bytes(tree, tvb, off + 4, len)
        return off + 4 + len
    elseif mtype == 5 or mtype == 7 then -- CompositeMessage / BatchMessage: i32 count, sub-messages
        local count = i32(tvb, off)
        local at = off + 4
        if count < 0 or count > tvb:len() then bad(off, "sub-message count " .. count) end
        if mtype == 7 then
            local orig, n = read_address(ctx, tvb, at)
            if SHOWN then tree:add(tvb(at, n), "Original sender: " .. shown(orig)) end
            at = at + n
        end
        for i = 1, count do
            local st = u16(tvb, at)
            local no_addrs = mtype == 7 or ctx.composite_noaddrs
            local next_at = dissect_message(ctx, tvb, at + 2, tree, st, no_addrs and msg_src or nil, nil,
                summary and summary.sub or {}, no_addrs)
            if next_at == nil then return nil end
            at = next_at
        end
        return at
    elseif mtype == 3 then -- ObjectMessage: its extent as the decoder finds it (adapter jg5 ObjectPayloads)
        local stop, why = object_payload(ctx, tvb, off, tree)
        if stop == nil then
            -- an end only the class knows: when nothing follows, it ends with the frame (as the decoder says)
            tree:add(F.payload_len, tvb(off, 1), tvb:len() - off)
            tree:add_proto_expert_info(E.undecoded, why .. "; rest of the frame not decoded")
            return nil
        end
        if TREE then tree:add(F.payload_len, tvb(off, math.max(stop - off, 1)), stop - off) end
        return stop
    end
    bad(off - 2, "message type " .. tostring(mtype))
end

-- The message's sender and destination by name where known, and its cluster: added once the message is read, so
-- that one teaching its sender's name (a discovery response) is filtered by it, as jgwire's src and dest are; the
-- address items are where the bytes are. A batch's cluster is the frame's; a message sent alone gets its own.
local function add_by_name(ctx, mt, tvb, start, src, dest, vals_by_section)
    if src then mt:add(F.src, tvb(start, 1), short_shown(src)):set_generated() end
    if dest then mt:add(F.dest, tvb(start, 1), short_shown(dest)):set_generated() end
    local tp = vals_by_section.tp
    if not ctx.batch_cluster and tp and tp.cluster_name then
        mt:add(F.cluster, tvb(start, 1), tp.cluster_name):set_generated()
    end
end


-- Message.writeTo / writeToNoAddrs; returns the offset after the message, or nil when the rest cannot be read
-- (mtype: the type short before the message; nil before 5.0, and for FD_SOCK2's bare messages, which are
-- EmptyMessages written without it)
dissect_message = function(ctx, tvb, off, parent, mtype, list_src, list_dest, summaries, no_addrs)
    if off + 1 > RAW_LEN or not rawequal(tvb, RAW_TVB) then need(tvb, off, 1) end
    local mt = parent -- without a tree, the parent (cold paths may still add to it)
    if TREE then mt = parent:add(F.msg, tvb(off, 1)) end
    local start = off
    if mtype ~= nil then
        if TREE then mt:add(F.msg_type, tvb(off - 2, 2), mtype) end
    elseif ctx.typed then
        mtype = ctx.bare_type or MSG_EMPTY
        if TREE then mt:add(F.msg_type, tvb(off, 1), mtype):set_generated() end
    end
    local leading, flags
    if off + 3 <= RAW_LEN then -- the common case, in one step (tvb bound above)
        local b1, b2, b3 = byte(RAW, off + 1, off + 3)
        leading, flags = b1, b2 * 256 + b3
    else
        leading = u8(tvb, off)
        flags = u16(tvb, off + 1)
    end
    if TREE then
        mt:add(F.leading, tvb(off, 1))
        local ft = mt:add(F.msg_flags, tvb(off + 1, 2))
        if flags ~= 0 then -- the set bits only: a batch holds hundreds of messages, mostly with few flags
            for i, fl in ipairs(ctx.flags) do
                if has(flags, ctx.jar.flags[i][2]) then ft:add(fl, tvb(off + 1, 2)) end
            end
        end
    end
    off = off + 3
    local dest, src = list_dest, list_src
    if not no_addrs and has(leading, LEADING_DEST) then
        local n
        dest, n = read_address(ctx, tvb, off)
        if TREE then -- a null address is no field value: jgwire's record has no dest_addr either
            if dest then mt:add(F.dest_addr, tvb(off, n), dest)
            else mt:add(tvb(off, n), "Destination address: null") end
        end
        off = off + n
    elseif dest and TREE then
        mt:add(F.dest_addr, tvb(start, 1), dest):set_generated()
    end
    if has(leading, LEADING_SRC) then
        local n
        src, n = read_address(ctx, tvb, off)
        if TREE then -- a null address is no field value: jgwire's record has no src_addr either
            if src then mt:add(F.src_addr, tvb(off, n), src)
            else mt:add(tvb(off, n), "Sender address: null") end
        end
        off = off + n
    elseif src and TREE then
        mt:add(F.src_addr, tvb(start, 1), src):set_generated()
    end
    -- the Info column shows a list's first message: the others are only counted (a composite's sub-messages)
    local summary
    if summaries[1] == nil then
        summary = { headers = {}, src = src, dest = dest, sub = {} }
        summaries[1] = summary
    else
        summaries[#summaries + 1] = true
    end
    local after, vals_by_section, xmit = read_headers(ctx, tvb, off, mt, summary)
    if after == nil then
        if TREE then set_len(mt, tvb, start, tvb:len() - start) end
        return nil
    end
    if vals_by_section.merge3 then merge_info(vals_by_section.merge3, src, mt, tvb, start, after - start) end
    off = after
    local payload_at, payload_len
    if ctx.typed then
        off, payload_at, payload_len = read_payload(ctx, tvb, off, mt, mtype, src, vals_by_section, summary)
        if off == nil then -- a payload whose end is unknown: the message ends with the frame
            if TREE then
                add_by_name(ctx, mt, tvb, start, src, dest, vals_by_section)
                set_len(mt, tvb, start, tvb:len() - start)
            end
            return nil
        end
    elseif has(leading, LEADING_BUF) then -- 3.x/4.x: i32 length + bytes after the headers
        local len = i32(tvb, off)
        need(tvb, off + 4, len)
        add_bytes(mt, tvb, off + 4, len)
        interpret_payload(ctx, tvb, off + 4, len, mt, vals_by_section)
        payload_at, payload_len = off + 4, len
        off = off + 4 + len
    end
    if payload_at and TREE and wraps(ctx, vals_by_section) then
        sequencer_wrapped(ctx, tvb, payload_at, payload_len, mt, src, vals_by_section.sequencer)
    end
    local view = ctx.view
    if view then
        if summary then summary.view = view end
        ctx.view = nil
    end
    if TREE then add_by_name(ctx, mt, tvb, start, src, dest, vals_by_section) end
    if not ctx.trial and not ctx.unwrapping then check_message(ctx, mt, src, dest, xmit, vals_by_section, view) end
    if TREE then set_len(mt, tvb, start, off - start) end
    if SHOWN then mt:set_text("Message: " .. short_shown(src) .. " -> " .. short_shown(dest)) end
    return off
end

-- ---- versions -------------------------------------------------------------------------------------------------

-- the jar whose layouts decode a version: same wire variant, same major.minor with the closest micro, else the
-- variant's newest (the rule of core-codec's BundledJars)
local jar_memo = {}
local function jar_for(vshort)
    local memo = jar_memo[vshort]
    if memo ~= nil then return memo or nil end
    local variant
    for i, v in ipairs(GEN.variants) do
        if vshort >= v[1] and vshort < v[2] then variant = i break end
    end
    local best, newest
    if variant then
        local mm = math.floor(vshort / 64)
        for _, j in ipairs(GEN.jars) do
            if j.variant == variant then
                newest = j
                if math.floor(j.version / 64) == mm then
                    local d = math.abs(j.version % 64 - vshort % 64)
                    if best == nil or d <= math.abs(best.version % 64 - vshort % 64) then best = j end
                end
            end
        end
    end
    local chosen = best or newest
    jar_memo[vshort] = chosen or false
    return chosen
end

local function context_for(vshort, pinfo)
    local jar = jar_for(vshort)
    if jar == nil then return nil end
    local cat = GEN.catalogs[jar.catalog]
    local feat = GEN.features
    return {
        vshort = vshort, jar = jar, cat = cat, pinfo = pinfo,
        flags = jar.flag_fields,
        typed = vshort >= feat.typed_messages,
        extended_flags = vshort < feat.extended_uuid_without_flags,
        site_strings = vshort >= feat.site_uuid_strings,
        discovery_list = vshort >= feat.discovery_list,
        composite_noaddrs = vshort >= feat.composite_without_addresses,
        close_mark = vshort >= feat.close_mark,
    }
end

-- ---- Info column --------------------------------------------------------------------------------------------

local function header_summary(h)
    local t = h.vals.type
    local tn = t ~= nil and GEN.value_strings[h.section .. ".type"] and GEN.value_strings[h.section .. ".type"][t]
    local s = h.protocol
    if tn then s = s .. " " .. tn elseif t ~= nil then s = s .. " " .. tostring(t) end
    if h.vals.seqno ~= nil then s = s .. " #" .. tostring(h.vals.seqno) end
    return s
end

local function message_summary(m)
    local s
    if m.view then
        s = "GMS " .. m.view.kind .. " [" .. (m.view.id:gsub("^([^|]+)", function(a) return short_shown(a) end)) .. "] (" .. #m.view.members .. ")"
    else
        local h = m.headers[1]
        s = h and header_summary(h) or "message"
        if #m.sub > 0 then s = s .. " +" .. #m.sub end
    end
    return s .. " " .. short_shown(m.src) .. "\226\134\146" .. short_shown(m.dest)
end

-- ---- transport frames (version, flags, single message or list) -----------------------------------------------

local FRAME_LIST, FRAME_MULTICAST = 1, 2

-- dissects one transport frame at off with length len under the item ft; returns the Info text
local last_transport_vshort -- MPING datagrams carry no version: they take the last transport frame's
local function dissect_frame(tvb, off, len, pinfo, ft)
    local frame = tvb(off, len):tvb()
    if len < 3 then
        ft:add_proto_expert_info(E.truncated, "a JGroups frame has at least 3 bytes (version, flags), this one " .. len)
        return "JGroups [cut short]"
    end
    local vshort = u16(frame, 0)
    ft:add(F.version, frame(0, 2))
    ft:add(F.version_str, frame(0, 2), version_text(vshort))
    local ctx = context_for(vshort, pinfo)
    if ctx == nil then
        ft:add_proto_expert_info(E.unknown_version, "JGroups " .. version_text(vshort) .. " has no known wire format")
        return "JGroups " .. version_text(vshort) .. " (unknown wire format)"
    end
    -- kept for MPING and FD_SOCK2, which carry no version: only one a jar has (a damaged frame's would be none)
    last_transport_vshort = vshort
    ft:append_text(", " .. version_text(vshort))
    ft:add(F.jar, frame(0, 2), ctx.jar.label):set_generated()
    local flags = u8(frame, 2)
    local fl = ft:add(F.frame_flags, frame(2, 1))
    -- the set bits only, as the message flags: `jgroups.frame_flags.multicast` alone then means what jgwire's does
    if has(flags, FRAME_LIST) then fl:add(F.ff_list, frame(2, 1)) end
    if has(flags, FRAME_MULTICAST) then fl:add(F.ff_multicast, frame(2, 1)) end
    local summaries = {}
    local info
    local ok, err = pcall(function()
        if has(flags, FRAME_LIST) then
            local at = 3
            local dest, n1 = read_address(ctx, frame, at)
            ft:add(F.batch_dest, frame(at, n1), dest or "null"):set_text("Batch destination: " .. shown(dest))
            at = at + n1
            local src, n2 = read_address(ctx, frame, at)
            ft:add(F.batch_src, frame(at, n2), src or "null"):set_text("Batch sender: " .. shown(src))
            at = at + n2
            local cluster, n3 = short_bytes(frame, at)
            ctx.batch_cluster = cluster
            ft:add(F.cluster, frame(at, n3), cluster or "null")
            at = at + n3
            local count = i32(frame, at)
            ft:add(F.batch_size, frame(at, 4))
            at = at + 4
            if count < 0 or count > frame:len() then bad(at - 4, "batch of " .. count .. " messages") end
            local stopped = false
            for i = 1, count do
                local mtype
                if ctx.typed then mtype = u16(frame, at) at = at + 2 end
                local next_at = dissect_message(ctx, frame, at, ft, mtype, src, dest, summaries, true)
                -- a message whose end is unknown (a header without layout, an object payload) ends the walk;
                -- what follows is undecoded (noted there), not surplus
                if next_at == nil then stopped = true break end
                at = next_at
            end
            info = "batch of " .. count .. ": " .. (summaries[1] and message_summary(summaries[1]) or "")
            if not stopped and at < frame:len() then
                ft:add_proto_expert_info(E.malformed, (frame:len() - at) .. " bytes after the last message")
            end
        else
            ctx.batch_cluster = nil -- the context outlives the frame: a batch before this one set it
            local at = 3
            local mtype
            if ctx.typed then mtype = u16(frame, at) at = at + 2 end
            local next_at = dissect_message(ctx, frame, at, ft, mtype, nil, nil, summaries, false)
            if next_at and next_at < frame:len() then
                ft:add_proto_expert_info(E.malformed, (frame:len() - next_at) .. " bytes after the message")
            end
            info = summaries[1] and message_summary(summaries[1]) or "message"
        end
    end)
    if not ok then
        report(ft, err, "frame")
        info = (summaries[1] and message_summary(summaries[1]) or "JGroups") .. " [malformed]"
    end
    return info or "JGroups"
end

local function set_info(pinfo, text)
    pinfo.cols.protocol = "JGroups"
    local prev = frame_cache[pinfo.number]
    if prev and not pinfo.visited then
        frame_cache[pinfo.number] = prev .. "; " .. text
    else
        frame_cache[pinfo.number] = text
    end
    pinfo.cols.info = frame_cache[pinfo.number]
end

-- ---- plausibility (heuristics) -------------------------------------------------------------------------------

local function plausible_frame(tvb, off, len)
    if len < 6 then return false end
    local vshort = tvb(off, 2):uint()
    if jar_for(vshort) == nil then return false end
    local flags = tvb(off + 2, 1):uint()
    if flags > 3 then return false end
    if has(flags, FRAME_LIST) then
        local af = tvb(off + 3, 1):uint()
        return af == 0 or af == 1 or af == 2 or af == 4 or af == 8 or af == 16
    end
    if vshort >= GEN.features.typed_messages then
        local t = tvb(off + 3, 2):uint()
        if t > 7 then return false end
        return tvb(off + 5, 1):uint() < 8
    end
    return tvb(off + 3, 1):uint() < 8
end

-- A FD_SOCK2 message on a connection whose handshake was not captured: a bare message (leading byte with at most
-- DEST_SET | SRC_SET, flags, the addresses it announces) whose first header is FD_SOCK2's (protocol id 71), as the
-- decoder recognises it (FrameDetector.fdSock2Message)
local FD_SOCK2_ID = 71
local function plausible_fd_sock2(tvb, off, len)
    if len < 7 then return false end
    local leading = tvb(off, 1):uint()
    if leading > 3 then return false end
    local p, stop = off + 3, off + len
    for _, bit in ipairs({ 1, 2 }) do
        if has(leading, bit) then
            if p >= stop then return false end
            local t = tvb(p, 1):uint()
            if t == 1 then p = p + 1
            elseif t == 2 then p = p + 17
            elseif t == 16 and p + 2 <= stop then
                local n = tvb(p + 1, 1):uint()
                if n == 0 then p = p + 4
                elseif n == 4 then p = p + 8
                elseif n == 16 then p = p + 24
                else return false end
            else return false end
        end
    end
    if p + 4 > stop then return false end
    return tvb(p, 2):uint() >= 1 and tvb(p + 2, 2):uint() == FD_SOCK2_ID
end

-- ---- UDP ------------------------------------------------------------------------------------------------------

local function dissect_udp(tvb, pinfo, tree)
    unbind()
    observe(tree)
    current_frame = pinfo.number
    enter_frame(pinfo)
    local root = tree:add(jgroups, tvb(), "JGroups datagram")
    note_bounce(pinfo, root)
    set_info(pinfo, dissect_frame(tvb, 0, tvb:len(), pinfo, root))
    return tvb:len()
end

-- ---- MPING -----------------------------------------------------------------------------------------------------
-- MPING multicasts discovery messages from a socket of its own (MPING.sendMcastDiscoveryRequest): one message as
-- Message.writeTo writes it, without version, frame flags or type short (5.x: a BytesMessage), always with a sender.

local function is_multicast(addr)
    local s = tostring(addr)
    local first = tonumber(string.match(s, "^(%d+)%."))
    return (first ~= nil and first >= 224 and first <= 239) or string.lower(string.sub(s, 1, 2)) == "ff"
end

local function plausible_mping(tvb, pinfo)
    if tvb:len() < 6 or not is_multicast(pinfo.dst) then return false end
    local leading = tvb(0, 1):uint()
    if leading > 7 or not has(leading, LEADING_SRC) then return false end
    local af = tvb(3, 1):uint()
    return af == 1 or af == 2 or af == 4 or af == 8 or af == 16
end

-- The jars to try, as the decoder does: the last transport frame's, then the newest of each major line, newest
-- first (5.x skipped under BUF_SET, which only 3.x/4.x write)
local function mping_candidates(leading)
    local out, majors = {}, {}
    if last_transport_vshort then out[1] = last_transport_vshort end
    for i = #GEN.jars, 1, -1 do
        local v = GEN.jars[i].version
        local major = math.floor(v / 2048)
        if not majors[major] and not (has(leading, LEADING_BUF) and v >= GEN.features.typed_messages) then
            majors[major] = true
            out[#out + 1] = v
        end
    end
    return out
end

local function mping_ctx(vshort, pinfo)
    local ctx = context_for(vshort, pinfo)
    if ctx ~= nil then ctx.bare_type = 0 end -- BytesMessage
    return ctx
end

-- Whether the jar of ctx names the first header's magic id PingHeader, as every MPING message's is: a jar of
-- another line (its magic ids renumbered) is ruled out before trying it, so the try adds nothing to the tree
local function mping_header_known(ctx, tvb)
    local ok, known = pcall(function()
        local leading, at = u8(tvb, 0), 3
        if has(leading, LEADING_DEST) then
            local _, n = read_address(ctx, tvb, at)
            at = at + n
        end
        local _, n = read_address(ctx, tvb, at)
        at = at + n
        if u16(tvb, at) < 1 then return false end
        local class = ctx.cat.classes[i16(tvb, at + 4)]
        return class ~= nil and class[1] == "org.jgroups.protocols.PingHeader"
    end)
    return ok and known
end

local mping_version = {} -- frame number -> version short that read it: the same on every pass

local function dissect_mping(tvb, pinfo, tree)
    unbind()
    observe(tree)
    current_frame = pinfo.number
    enter_frame(pinfo)
    local ft = tree:add(jgroups, tvb(), "JGroups MPING datagram")
    note_bounce(pinfo, ft)
    ft:add(F.mping, tvb()):set_generated() -- the message itself sits where a datagram's would
    local len = tvb:len()
    local vshort = mping_version[pinfo.number]
    if vshort == nil then
        for _, v in ipairs(mping_candidates(tvb(0, 1):uint())) do
            local ctx, shown_tree = mping_ctx(v, pinfo), TREE
            if ctx ~= nil then ctx.trial = true end -- a try: nothing counted
            if ctx ~= nil and mping_header_known(ctx, tvb) then
                TREE = false
                local ok, stop = pcall(dissect_message, ctx, tvb, 0, ft, nil, nil, nil, {}, false)
                TREE = shown_tree
                unbind()
                if ok and stop == len then vshort = v break end
            end
        end
        vshort = vshort or last_transport_vshort or GEN.jars[#GEN.jars].version
        mping_version[pinfo.number] = vshort
    end
    local ctx = mping_ctx(vshort, pinfo)
    ft:add(F.jar, tvb(0, 1), ctx.jar.label):set_generated()
    local summaries = {}
    local ok, err = pcall(dissect_message, ctx, tvb, 0, ft, nil, nil, nil, summaries, false)
    if not ok then report(ft, err, "message") end
    set_info(pinfo, "MPING " .. (summaries[1] and message_summary(summaries[1]) or ""))
    return len
end

-- ---- TCP, FD_SOCK2, GossipRouter ---------------------------------------------------------------------------------

local COOKIE = "bela"
local MAX_FRAME = 64 * 1024 * 1024
local GOSSIP_MESSAGE = 4

local function conv_key(pinfo)
    return tostring(pinfo.src) .. ":" .. pinfo.src_port .. ">" .. tostring(pinfo.dst) .. ":" .. pinfo.dst_port
end

local function rev_key(pinfo)
    return tostring(pinfo.dst) .. ":" .. pinfo.dst_port .. ">" .. tostring(pinfo.src) .. ":" .. pinfo.src_port
end

local function is_cookie(tvb, off)
    return tvb:len() >= off + 4 and tvb(off, 4):string() == COOKIE
end

-- length of the PDU at off (dissect_tcp_pdus' callback): handshake, close mark or i32 length + body
local function pdu_length(tvb, pinfo, off)
    if is_cookie(tvb, off) then
        if tvb:len() < off + 8 then return 0 end -- 0: one more segment, please
        return 8 + tvb(off + 6, 2):uint()
    end
    local len = tvb(off, 4):int()
    if len == -5 then return 4 end
    -- nonsense (negative, or beyond any frame JGroups sends): take the rest, the dissector reports it, instead of
    -- waiting for gigabytes that will never come
    if len < 0 or len > MAX_FRAME then return tvb:len() - off end
    return 4 + len
end

-- GossipData.writeTo: type, group, addr, [sender], for control types name + ping data + physical, i32 len + frame
local function gossip_parse(ctx, tvb, off, len, tree, with_sender)
    local t = u8(tvb, off)
    if t > 7 then bad(off, "gossip type " .. t) end
    local at = off + 1
    local group, n = jstring(tvb, at)
    at = at + n
    local addr, n2 = read_address(ctx, tvb, at)
    at = at + n2
    local sender
    if with_sender then
        local n3
        sender, n3 = read_address(ctx, tvb, at)
        at = at + n3
    end
    local g = { type = t, group = group, addr = addr, sender = sender }
    if t ~= GOSSIP_MESSAGE then
        local name, n4 = jstring(tvb, at)
        at = at + n4
        g.name = name
        local count = u16(tvb, at)
        at = at + 2
        for _ = 1, count do at = at + ping_data(ctx, tvb, at, tree) end
        local phys, n5 = read_address(ctx, tvb, at)
        g.physical = phys
        at = at + n5
    end
    local blen = i32(tvb, at)
    if blen < 0 then bad(at, "gossip buffer length " .. blen) end
    g.body_off, g.body_len = at + 4, blen
    need(tvb, at + 4, blen)
    g.len = at + 4 + blen - off
    return g
end

local function dissect_gossip(tvb, off, len, pinfo, tree, state)
    local gt = tree:add(F.gossip, tvb(off, len))
    gt:set_text("GossipRouter GossipData")
    -- no version on a GossipData: the sender address came with 4.0; try the form the stream used before, then both
    local vshort = state.version or GEN.jars[#GEN.jars].version
    -- a version short of no known jar (a damaged frame before) tells nothing about the form: as without one
    if jar_for(vshort) == nil then vshort = GEN.jars[#GEN.jars].version end
    local attempts = { state.with_sender, not state.with_sender }
    if state.with_sender == nil then attempts = { true, false } end
    local g, used
    for _, ws in ipairs(attempts) do
        local v = vshort
        if not ws and v >= GEN.features.gossip_sender then v = GEN.jars[1].version end
        if ws and v < GEN.features.gossip_sender then v = GEN.jars[#GEN.jars].version end
        local ctx = context_for(v, pinfo)
        local ok, res = pcall(gossip_parse, ctx, tvb, off, len, gt, ws)
        if ok and res.len == len then g, used = res, ws break end
        if not ok and not (type(res) == "table" and (res[1] == Truncated or res[1] == Malformed)) then
            report(gt, res, "GossipData") -- a bug of the plugin, not a form that does not fit
            return "GossipData [internal problem]"
        end
    end
    if g == nil then
        gt:add_proto_expert_info(E.malformed, "GossipData not understood")
        return "GossipData [malformed]"
    end
    state.with_sender = used
    gt:add(F.gossip_type, tvb(off, 1))
    gt:add(F.gossip_group, tvb(off + 1, 1), g.group or "null")
    -- learnt first: the address field holds the name where known, as jgwire's addr, a REGISTER's own included
    if g.type ~= GOSSIP_MESSAGE and g.name then learn(g.addr, g.name, current_frame) end
    if g.type == GOSSIP_MESSAGE then -- the routing address: the tunnelled message below has it as its dest
        gt:add(tvb(off, len), "Address: " .. shown(g.addr))
    else
        gt:add(F.gossip_addr, tvb(off, len), g.addr and short_shown(g.addr) or "null")
            :set_text("Address: " .. shown(g.addr))
    end
    if g.sender then gt:add(F.gossip_sender, tvb(off, len), g.sender) end
    local tname = GEN.gossip_types[g.type] or tostring(g.type)
    if g.type ~= GOSSIP_MESSAGE then
        if g.name then
            gt:add(F.gossip_name, tvb(off, len), g.name)
        end
        if g.physical then gt:add(F.gossip_phys, tvb(off, len), g.physical) end
    end
    gt:append_text(": " .. tname .. " " .. (g.group or ""))
    if g.body_len > 0 then
        local info = dissect_frame(tvb, g.body_off, g.body_len, pinfo, tree)
        local body_version = g.body_len >= 2 and tvb(g.body_off, 2):uint() or nil
        if body_version ~= nil and jar_for(body_version) ~= nil then state.version = body_version end
        return info
    end
    return "GossipRouter " .. tname .. " " .. short_shown(g.addr)
end

local function dissect_handshake(tvb, off, len, pinfo, tree, state)
    local ht = tree:add(F.handshake, tvb(off, len))
    ht:add(F.hs_cookie, tvb(off, 4), COOKIE)
    local vshort = tvb(off + 4, 2):uint()
    ht:add(F.version, tvb(off + 4, 2))
    ht:add(F.version_str, tvb(off + 4, 2), version_text(vshort))
    state.version = vshort
    state.handshake = true
    local ok, addr = pcall(ip_address, tvb, off + 8)
    if ok then ht:add(F.hs_addr, tvb(off + 8, len - 8), addr) end
    ht:set_text("Connection handshake: JGroups " .. version_text(vshort) .. (ok and (", peer " .. addr) or ""))
    return "connection handshake " .. version_text(vshort) .. (ok and (" from " .. addr) or "")
end

-- FD_SOCK2: after the handshake, i32 length + a bare message (no version, no frame flags, no type short)
local function dissect_bare(tvb, off, len, pinfo, tree, state)
    -- without the handshake (the capture began after it), the version of the last transport frame, as MPING's
    local ctx = context_for(state.version or last_transport_vshort or GEN.jars[#GEN.jars].version, pinfo)
    local ft = tree:add(F.fd_sock2, tvb(off, len))
    if ctx == nil then return "FD_SOCK2" end
    local summaries = {}
    local ok, err = pcall(dissect_message, ctx, tvb(off, len):tvb(), 0, ft, nil, nil, nil, summaries, false)
    if not ok then report(ft, err, "message") end
    return "FD_SOCK2 " .. (summaries[1] and message_summary(summaries[1]) or "")
end

local function dissect_pdu_unprotected(tvb, pinfo, tree)
    unbind()
    observe(tree)
    current_frame = pinfo.number
    local key = conv_key(pinfo)
    local state = conv_state[key]
    if state == nil then
        state = conv_state[rev_key(pinfo)] and { version = conv_state[rev_key(pinfo)].version,
            handshake = conv_state[rev_key(pinfo)].handshake, bare = conv_state[rev_key(pinfo)].bare, with_sender = conv_state[rev_key(pinfo)].with_sender } or {}
        conv_state[key] = state
    end
    local len = tvb:len()
    local info
    tree = tree:add(jgroups, tvb(), "JGroups")
    if is_cookie(tvb, 0) then
        info = dissect_handshake(tvb, 0, len, pinfo, tree, state)
    else
        local flen = tvb(0, 4):int()
        tree:add(F.pdu_len, tvb(0, 4))
        if flen == -5 then
            tree:add(F.close_mark, tvb(0, 4))
            info = "graceful close"
        elseif flen < 0 or flen > MAX_FRAME or flen + 4 > len then
            tree:add_proto_expert_info(E.malformed, "frame length " .. flen)
            info = "bad frame length " .. flen
        elseif flen == 4 and (tvb(4, 4):uint() == 0x01020304 or tvb(4, 4):uint() == 0x04030201) then
            -- TCP's use_acks (5.2 - 5.3): the accepting side's answer to the handshake (BaseServer.OK / FAIL)
            tree:add(F.ack, tvb(4, 4))
            info = tvb(4, 4):uint() == 0x01020304 and "connection accepted" or "connection refused"
        elseif flen >= 2 and jar_for(tvb(4, 2):uint()) and plausible_frame(tvb, 4, flen) then
            info = dissect_frame(tvb, 4, flen, pinfo, tree)
            state.version = tvb(4, 2):uint()
        elseif state.handshake or state.bare or plausible_fd_sock2(tvb, 4, flen) then
            state.bare = true
            info = dissect_bare(tvb, 4, flen, pinfo, tree, state)
        else
            info = dissect_gossip(tvb, 4, flen, pinfo, tree, state)
        end
    end
    set_info(pinfo, info)
    return len
end

-- dissect_tcp_pdus' callbacks must never raise: an error crossing tcp_dissect_pdus crashes Wireshark 4.0
local function dissect_pdu(tvb, pinfo, tree)
    local ok, err = pcall(dissect_pdu_unprotected, tvb, pinfo, tree)
    if not ok then
        report(tree:add(jgroups, tvb(), "JGroups"), err, "PDU")
        set_info(pinfo, "JGroups [malformed]")
    end
    return tvb:len()
end

local function safe_pdu_length(tvb, pinfo, off)
    local ok, len = pcall(pdu_length, tvb, pinfo, off)
    if ok then return len end
    return tvb:len() - off
end

-- The first segment with data of a TCP direction the plugin is asked about (what relative sequence number 1 is):
-- noted at the first call, so that every pass over the capture gives the same answer.
local function first_of_direction(pinfo)
    local key = conv_key(pinfo)
    local first = first_segment[key]
    if first == nil then
        first = pinfo.number
        first_segment[key] = first
    end
    return first == pinfo.number
end

-- FD_SOCK (3.x - 5.x) sends no frames on its connections: a member that leaves, or stops watching its neighbour,
-- writes one byte (NORMAL_TERMINATION) and closes. As the decoder (StreamFramer, FdSockSignal), a direction whose
-- whole content up to its end is that one byte is the signal: no JGroups stream starts with it (a length prefix of
-- 150 MB or more). Its first segment is held (DESEGMENT_UNTIL_FIN) and TCP hands the direction back at a later FIN,
-- where the signal is shown, in the frame where the decoder puts it; the ends TCP hands back nothing at (a FIN in
-- the byte's own segment, a reset) are the postdissector's below. Returns whether the segment was taken.
local DESEGMENT_UNTIL_FIN = 0x0ffffffe
local function endpoint(addr, port)
    local a = tostring(addr)
    if string.find(a, ":", 1, true) then a = "[" .. a .. "]" end
    return a .. ":" .. port
end

-- one signal record: { value, name, from, to, member (ABNORMAL_TERMINATION's) }; range: the byte, if any
local function show_signal(tree, pinfo, range, sig)
    local root = range and tree:add(jgroups, range, "JGroups") or tree:add(jgroups)
    local item = range and root:add(F.signal, range) or root:add(F.signal)
    if range then item:add(F.signal_value, range) else item:add(F.signal_value, sig.value):set_generated() end
    item:add(F.signal_name, sig.name):set_generated()
    item:add(F.signal_from, sig.from):set_generated()
    item:add(F.signal_to, sig.to):set_generated()
    local text = "FD_SOCK signal: " .. sig.name .. " from " .. sig.from .. " to " .. sig.to
    if sig.member then
        item:add(F.signal_member, sig.member):set_generated()
        text = text .. " (" .. shown(sig.member) .. " gone)"
    end
    -- the members whose server sockets the ends are (I_HAVE_SOCK), as the decoder's record has them: src and dest
    local src, dest = fd_sock_servers[sig.from], fd_sock_servers[sig.to]
    if src then
        item:add(F.src_addr, src):set_generated()
        item:add(F.src, short_shown(src)):set_generated()
    end
    if dest then
        item:add(F.dest_addr, dest):set_generated()
        item:add(F.dest, short_shown(dest)):set_generated()
    end
    if SHOWN then item:set_text(text) end
    set_info(pinfo, "FD_SOCK " .. sig.name .. " " .. sig.from .. "\226\134\146" .. sig.to)
end

local function fd_sock_signal(tvb, pinfo, tree)
    local key = conv_key(pinfo)
    local held = fd_sock_held[key]
    local first = first_of_direction(pinfo)
    if tvb:len() ~= 1 or tvb:reported_len() ~= 1 then return false end
    local code = tvb(0, 1):uint()
    local name = GEN.fd_sock_signals[code]
    if name == nil then return false end
    if first and (held == nil or held == pinfo.number) then
        fd_sock_held[key] = pinfo.number
        -- its connection's FIN or RST is then watched by the postdissector
        fd_sock_ports[pinfo.src_port], fd_sock_ports[pinfo.dst_port] = true, true
        pinfo.desegment_offset = 0
        pinfo.desegment_len = DESEGMENT_UNTIL_FIN
        return true
    end
    if held == nil or held == pinfo.number then return false end
    -- the direction's bytes handed back at its FIN: exactly the one byte held
    current_frame = pinfo.number
    observe(tree)
    fd_sock_shown[key] = pinfo.number
    show_signal(tree, pinfo, tvb(0, 1), { value = code, name = name,
        from = endpoint(pinfo.src, pinfo.src_port), to = endpoint(pinfo.dst, pinfo.dst_port) })
    return true
end

-- ---- FD_SOCK's connection ends: a postdissector ---------------------------------------------------------------
-- TCP calls no dissector for a segment without payload, and ABNORMAL_TERMINATION is nothing but a FIN or RST: the
-- server side of a connection to an FD_SOCK server socket (announced by I_HAVE_SOCK) closed first, without the byte.
-- A postdissector sees every frame; it reads the flags from the frame's own bytes (a Field extractor such as
-- tcp.flags would make Wireshark build a tree for every packet) and only on frames to or from a watched port.

-- the TCP header after the link layers a capture may have: raw IP, BSD loopback, Ethernet, Linux SLL, 802.1Q, SLL2,
-- Ethernet with two tags; taken only where the IP header's addresses and the ports are the packet's own
local IP_OFFSETS = { 14, 16, 0, 4, 18, 20, 22 }
local function tcp_header(tvb, pinfo)
    local len = tvb:len()
    local src, dst = tostring(pinfo.src), tostring(pinfo.dst)
    for _, ip in ipairs(IP_OFFSETS) do
        if len >= ip + 40 then
            local v, tcp, size = tvb(ip, 1):uint(), nil, nil
            if v > 0x44 and v < 0x50 and tvb(ip + 9, 1):uint() == 6
                    and tostring(tvb(ip + 12, 4):ipv4()) == src and tostring(tvb(ip + 16, 4):ipv4()) == dst then
                tcp, size = ip + (v % 16) * 4, tvb(ip + 2, 2):uint() - (v % 16) * 4
            elseif v >= 0x60 and v < 0x70 and len >= ip + 60 and tvb(ip + 6, 1):uint() == 6
                    and tostring(tvb(ip + 8, 16):ipv6()) == src and tostring(tvb(ip + 24, 16):ipv6()) == dst then
                tcp, size = ip + 40, tvb(ip + 4, 2):uint()
            end
            if tcp and len >= tcp + 20 and tvb(tcp, 2):uint() == pinfo.src_port
                    and tvb(tcp + 2, 2):uint() == pinfo.dst_port then
                local hlen = math.floor(tvb(tcp + 12, 1):uint() / 16) * 4
                local data = size - hlen
                if hlen < 20 or data < 0 then return nil end
                local byte1 = data > 0 and len > tcp + hlen and tvb(tcp + hlen, 1):uint() or nil
                return tvb(tcp + 13, 1):uint(), tvb(tcp + 4, 4):uint(), data, byte1
            end
        end
    end
    return nil
end

local function holds_signal(d)
    return d.seen == 1 and not d.gap and GEN.fd_sock_signals[d.first] ~= nil
end

-- a direction ends (as StreamFramer.end): its one byte is a signal; closed first by its sender without a byte while
-- the peer was neither closed nor signalling, from an announced server socket, it is ABNORMAL_TERMINATION
local function end_direction(d, key, from, to, by_sender, peer, frame, out)
    d.ended = true
    if holds_signal(d) then
        if fd_sock_shown[key] ~= frame then -- not handed back by TCP in this very frame
            out[#out + 1] = { value = d.first, name = GEN.fd_sock_signals[d.first], from = from, to = to }
        end
    elseif by_sender and d.seen == 0 and not d.gap and not (peer and (peer.ended or holds_signal(peer))) then
        local member = fd_sock_servers[from]
        local name = GEN.fd_sock_signals[-1]
        if member and name then out[#out + 1] = { value = -1, name = name, from = from, to = to, member = member } end
    end
end

local SEQ = 4294967296
-- follows one segment of a watched connection (first pass); returns the signals its FIN or RST gives, or nil
local function fd_sock_segment(tvb, pinfo)
    local flags, seq, len, byte1 = tcp_header(tvb, pinfo)
    if flags == nil then return nil end
    local fin, syn, rst = flags % 2 == 1, math.floor(flags / 2) % 2 == 1, math.floor(flags / 4) % 2 == 1
    local key, rkey = conv_key(pinfo), rev_key(pinfo)
    local d, rev = fd_sock_dirs[key], fd_sock_dirs[rkey]
    local from, to = endpoint(pinfo.src, pinfo.src_port), endpoint(pinfo.dst, pinfo.dst_port)
    local out = {}
    if rst then -- both directions end, the sender's first (TcpReassembler.reset)
        if d and not d.ended then end_direction(d, key, from, to, true, rev, pinfo.number, out) end
        if rev and not rev.ended then end_direction(rev, rkey, to, from, false, d, pinfo.number, out) end
        return out[1] and out or nil
    end
    if d and syn and d.isn ~= seq then d = nil end -- a new connection between the same sockets
    if d == nil then
        if len == 0 and not syn and not fin then return nil end
        d = { next = syn and (seq + 1) % SEQ or seq, isn = syn and seq or nil, seen = 0, from = from, to = to }
        fd_sock_dirs[key] = d
    end
    if d.ended or (len == 0 and not fin) then return nil end
    local ahead = (seq - d.next) % SEQ
    if ahead >= SEQ / 2 then -- starts before the next byte: a retransmission; only what lies beyond is new
        local new = len - (SEQ - ahead)
        if new <= 0 and not fin then return nil end
        len = math.max(new, 0)
    elseif ahead > 0 then
        d.gap = true -- bytes the capture missed
    end
    if len > 0 then
        if d.seen == 0 then d.first, d.frame = byte1, pinfo.number end
        d.seen = d.seen + len
    end
    d.next = (seq + len + (fin and 1 or 0)) % SEQ
    if fin then end_direction(d, key, from, to, true, rev, pinfo.number, out) end
    return out[1] and out or nil
end

-- a signal whose direction is still open when the capture ends: the decoder reports it at the last packet, which
-- is known only once the first pass is over (Wireshark's later passes, tshark -2)
local function open_at_end()
    local out = {}
    for _, d in pairs(fd_sock_dirs) do
        if not d.ended and holds_signal(d) then
            out[#out + 1] = { value = d.first, name = GEN.fd_sock_signals[d.first], from = d.from, to = d.to,
                frame = d.frame }
        end
    end
    table.sort(out, function(a, b) return a.frame < b.frame end)
    return out
end

local fd_sock_ends_proto = Proto("jgroups_fd_sock_end", "JGroups FD_SOCK connection ends")
function fd_sock_ends_proto.dissector(tvb, pinfo, tree)
    local n, signals = pinfo.number, nil
    if not pinfo.visited then
        fd_sock_last = n
        if pinfo.port_type ~= 2 or not (fd_sock_ports[pinfo.src_port] or fd_sock_ports[pinfo.dst_port]) then return end
        signals = fd_sock_segment(tvb, pinfo)
        fd_sock_ends[n] = signals
    else
        signals = fd_sock_ends[n]
        if n == fd_sock_last and next(fd_sock_dirs) ~= nil then
            fd_sock_at_end = fd_sock_at_end or open_at_end()
            if fd_sock_at_end[1] then
                local all = {}
                for _, sig in ipairs(signals or {}) do all[#all + 1] = sig end
                for _, sig in ipairs(fd_sock_at_end) do all[#all + 1] = sig end
                signals = all
            end
        end
    end
    if signals == nil then return end
    current_frame = pinfo.number
    observe(tree)
    for _, sig in ipairs(signals) do show_signal(tree, pinfo, nil, sig) end
end
register_postdissector(fd_sock_ends_proto)

local function dissect_tcp(tvb, pinfo, tree)
    if tvb:len() < tvb:reported_len() then
        -- a segment the capture cut short: tcp_dissect_pdus would run past the captured bytes and throw across Lua
        local item = tree:add(jgroups, tvb(), "JGroups")
        item:add_proto_expert_info(E.truncated, "TCP segment cut short by the capture (" .. tvb:len() .. " of "
            .. tvb:reported_len() .. " bytes): not reassembled")
        set_info(pinfo, "JGroups [segment cut short]")
        return tvb:len()
    end
    enter_frame(pinfo)
    dissect_tcp_pdus(tvb, tree, 4, safe_pdu_length, dissect_pdu, true)
    return tvb:len()
end

function jgroups.dissector(tvb, pinfo, tree)
    if pinfo.port_type == 2 then
        if fd_sock_signal(tvb, pinfo, tree) then return tvb:len() end
        return dissect_tcp(tvb, pinfo, tree)
    end
    if not plausible_frame(tvb, 0, tvb:len()) and plausible_mping(tvb, pinfo) then
        return dissect_mping(tvb, pinfo, tree)
    end
    return dissect_udp(tvb, pinfo, tree)
end

-- ---- registration ------------------------------------------------------------------------------------------

local function heuristic_udp(tvb, pinfo, tree)
    if not jgroups.prefs.heuristic then return false end
    if plausible_frame(tvb, 0, tvb:len()) then
        dissect_udp(tvb, pinfo, tree)
        return true
    end
    if not plausible_mping(tvb, pinfo) then return false end
    dissect_mping(tvb, pinfo, tree)
    return true
end

local function plausible_stream(tvb)
    local len = tvb:len()
    if len < 6 then return false end
    if is_cookie(tvb, 0) then return len >= 8 and jar_for(tvb(4, 2):uint()) ~= nil end
    local flen = tvb(0, 4):int()
    if flen == -5 then return false end
    if flen < 3 or flen > MAX_FRAME then return false end
    if plausible_frame(tvb, 4, math.min(flen, len - 4)) then return true end
    if plausible_fd_sock2(tvb, 4, math.min(flen, len - 4)) then return true end
    -- GossipData: type 0..7, then a present (1) group string
    local t, present = tvb(4, 1):uint(), tvb(5, 1):uint()
    return t <= 7 and present == 1 and len >= 8 and tvb(6, 2):uint() < 1024
end

-- TUNNEL's client (GossipRouter TcpClient, e.g. 5.2.10) writes each length prefix in a segment of its own: the
-- stream's first segment is then 4 bytes of a plausible length and nothing else. Taken only at the start of the
-- stream, where the decoder also starts following it: the first segment with data of that direction the heuristic
-- is asked about (what relative sequence number 1 is). Not read from the tcp.seq field: a Field extractor makes
-- Wireshark build a tree for every packet, which alone made plain `tshark -r` several times slower.
local function length_only_start(tvb, pinfo)
    if not first_of_direction(pinfo) or tvb:len() ~= 4 then return false end
    local flen = tvb(0, 4):int()
    return flen >= 3 and flen <= MAX_FRAME
end

local function heuristic_tcp(tvb, pinfo, tree)
    if not jgroups.prefs.heuristic then return false end
    if fd_sock_signal(tvb, pinfo, tree) then return true end -- every time: it notes the stream's first segment
    local start = length_only_start(tvb, pinfo)
    if not plausible_stream(tvb) and not start then return false end
    pinfo.conversation = jgroups
    dissect_tcp(tvb, pinfo, tree)
    return true
end

jgroups:register_heuristic("udp", heuristic_udp)
jgroups:register_heuristic("tcp", heuristic_tcp)

local udp_table = DissectorTable.get("udp.port")
local tcp_table = DissectorTable.get("tcp.port")
-- offered in Decode As for any port, and registered on JGroups' default ports
pcall(function() udp_table:add_for_decode_as(jgroups) end)
pcall(function() tcp_table:add_for_decode_as(jgroups) end)
for _, p in ipairs(GEN.default_udp_ports) do udp_table:add(p, jgroups) end
for _, p in ipairs(GEN.default_tcp_ports) do tcp_table:add(p, jgroups) end

local added_udp, added_tcp = "", ""
function jgroups.prefs_changed()
    if added_udp ~= "" then udp_table:remove(added_udp, jgroups) end
    if added_tcp ~= "" then tcp_table:remove(added_tcp, jgroups) end
    added_udp, added_tcp = jgroups.prefs.udp_ports, jgroups.prefs.tcp_ports
    if added_udp ~= "" then udp_table:add(added_udp, jgroups) end
    if added_tcp ~= "" then tcp_table:add(added_tcp, jgroups) end
    jar_memo = {}
end
