#!/usr/bin/env bash
# Wireshark plugin speed: JGroups messages/s of `tshark -r CAPTURE` with the generated jgroups.lua, next to tshark
# without it, on a cut of the 1,000,000-message load capture (JGroups 5.5.7, udp stack, 100-byte messages bundled
# some 290 per datagram). Three ways of reading: no tree requested (plain -r, what the Info column needs), a display
# filter on a JGroups field (-Y 'jgroups.nakack2.seqno > 10'), and the full tree (-V). Not a test: nothing asserts
# a speed, CI does not run it. Results in docs/wireshark.md.
#
#   tests/bench/plugin-bench.sh                       # the plugin generated from this tree
#   BENCH_PLUGIN=/tmp/old.lua tests/bench/plugin-bench.sh   # an existing plugin (one generated before a change)
#
# Environment (defaults in brackets):
#   BENCH_SOURCE    the capture to cut, read only [/tmp/jgwire-bench/load-udp-1m.pcap] (tests/bench/README.md
#                   says how the load captures are made: MakeLoadCapture.java, BENCH_MESSAGES=1000000)
#   BENCH_DIR       where the cut capture and the plugin go [/tmp/jgwire-plugin-bench]; never the repository
#   BENCH_PACKETS   first packets of the source kept with `editcap -r` [540: about 150,000 messages]
#   BENCH_RUNS      runs per row; the median is reported [5]
#   BENCH_PLUGIN    a plugin to measure instead of generating one
# Needs tshark, editcap, GNU time (/usr/bin/time), awk; Java 17 and Maven when the plugin is generated.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source=${BENCH_SOURCE:-/tmp/jgwire-bench/load-udp-1m.pcap}
dir=${BENCH_DIR:-/tmp/jgwire-plugin-bench}
packets=${BENCH_PACKETS:-540}
runs=${BENCH_RUNS:-5}
case "${1:-}" in
  -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "plugin-bench: unknown argument '$1' (--help)" >&2; exit 2 ;;
esac
for tool in tshark editcap awk /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "plugin-bench: $tool is needed" >&2; exit 1; }
done
[ -s "$source" ] || { echo "plugin-bench: no capture $source (BENCH_SOURCE; see tests/bench/README.md)" >&2; exit 1; }
mkdir -p "$dir"

plugin=${BENCH_PLUGIN:-}
if [ -z "$plugin" ]; then
  plugin="$dir/jgroups.lua"
  (cd "$root" && "$root/jgwire" wireshark generate -o "$plugin" >/dev/null 2>&1) \
    || { echo "plugin-bench: 'jgwire wireshark generate' failed" >&2; exit 1; }
fi
[ -s "$plugin" ] || { echo "plugin-bench: no plugin $plugin" >&2; exit 1; }

capture="$dir/$(basename "$source" .pcap)-first-$packets.pcap"
[ -s "$capture" ] || editcap -r "$source" "$capture" "1-$packets" >/dev/null
count=$(tshark -n -r "$capture" 2>/dev/null | wc -l)
# every message has a flags field: one word per message
msgs=$(tshark -n -X lua_script:"$plugin" -r "$capture" -T fields -E occurrence=a -E aggregator=' ' \
  -e jgroups.msg.flags 2>/dev/null | wc -w)

# median RUNS COMMAND...: the median "CPU WALL" seconds (user+sys, elapsed) of RUNS runs, output discarded. CPU
# seconds are the steadier measure on a shared machine; wall seconds are what a user waits on an idle one.
median() {
  local n=$1 i
  shift
  : >"$dir/times"
  for ((i = 0; i < n; i++)); do
    /usr/bin/time -f '%U %S %e' -o "$dir/time" "$@" >/dev/null 2>&1
    cat "$dir/time" >>"$dir/times"
  done
  awk '{ cpu[NR] = $1 + $2; wall[NR] = $3 }
    function med(a, n,   i, j, t) {
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END { printf "%.2f %.2f", med(cpu, NR), med(wall, NR) }' "$dir/times"
}

echo "tshark $(tshark --version 2>/dev/null | head -1 | cut -d' ' -f3-), $(nproc) cores," \
  "load average $(cut -d' ' -f1 /proc/loadavg)"
echo "plugin $plugin ($(wc -c <"$plugin") bytes)"
echo "capture $(basename "$capture"): $count packets, $msgs JGroups messages; median of $runs runs"
printf '%-56s %7s %7s %12s %12s\n' run "cpu s" "wall s" "msgs/cpu-s" "msgs/wall-s"
filter='jgroups.nakack2.seqno > 10'
while IFS='|' read -r label plugged args; do
  cmd=(tshark -n -r "$capture")
  [ "$plugged" = yes ] && cmd+=(-X "lua_script:$plugin")
  [ "$args" = filter ] && cmd+=(-Y "$filter")
  [ "$args" = tree ] && cmd+=(-V)
  read -r cpu wall <<<"$(median "$runs" "${cmd[@]}")"
  awk -v l="$label" -v c="$cpu" -v w="$wall" -v m="$msgs" \
    'BEGIN { printf "%-56s %7.2f %7.2f %12.0f %12.0f\n", l, c, w, m / (c > 0 ? c : 0.01), m / (w > 0 ? w : 0.01) }'
done <<EOF
tshark -r, without plugin|no|
tshark -r, with plugin (no tree requested)|yes|
tshark -r -Y '$filter', with plugin|yes|filter
tshark -r -V, without plugin|no|tree
tshark -r -V, with plugin (full tree)|yes|tree
EOF
echo "(messages/s: the capture's JGroups messages over the whole-process time, tshark's start-up included)"
