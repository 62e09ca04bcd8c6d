#!/usr/bin/env bash
# Wireshark plugin benchmark: tshark's packets/s (and JGroups messages/s) on a large real capture of the cluster
# runner's `load` scenario, with the generated jgroups.lua next to tshark without it. Not a test: nothing asserts
# a speed, CI does not run it. See tests/bench/README.md and docs/wireshark.md.
#
#   tests/bench/wireshark-bench.sh              # udp and tcp captures (made on first use, shared with decode-bench.sh)
#   tests/bench/wireshark-bench.sh udp          # one of them (or: tcp)
#
# Environment (defaults in brackets):
#   BENCH_DIR          where captures and the plugin go [/tmp/jgwire-bench]; never inside the repository
#   BENCH_WS_PACKETS   first packets of the capture tshark reads [3000]; "all" for the whole capture (minutes)
#   BENCH_MESSAGES, BENCH_TCP_MESSAGES, BENCH_SIZE   as in decode-bench.sh (the capture's size)
# Needs tshark, editcap, Java 17 and Maven; root and multicast on lo only when a capture must be made.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/cli/target/jgwire"
dir=${BENCH_DIR:-/tmp/jgwire-bench}
version=5.5.7
members=3
size=${BENCH_SIZE:-100}
packets=${BENCH_WS_PACKETS:-3000}
stacks=()
for a in "$@"; do
  case "$a" in
    udp|tcp) stacks+=("$a") ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "wireshark-bench: unknown argument '$a' (udp, tcp, --help)" >&2; exit 2 ;;
  esac
done
[ ${#stacks[@]} -gt 0 ] || stacks=(udp tcp)
for tool in tshark editcap java mvn bc /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "wireshark-bench: $tool is needed" >&2; exit 1; }
done
mkdir -p "$dir"
(cd "$root" && "$root/jgwire" --version >/dev/null) # the launcher builds the distribution when it is stale
plugin="$dir/jgroups.lua"
"$root/jgwire" wireshark generate -o "$plugin" 2>/dev/null

capture() {
  local stack=$1 n=$2 pcap="$dir/load-$version-$1-${members}x$2x$size.pcap"
  if [ ! -s "$pcap" ]; then
    echo "wireshark-bench: capturing a $stack cluster: $members members x $n load multicasts of $size bytes ..." >&2
    java -cp "$home/lib/*" "$here/MakeLoadCapture.java" "$home" "$version" "$stack" "$members" "$n" "$size" \
      "$pcap" 1800 2>"$dir/capture-$stack.log" >&2 || { cat "$dir/capture-$stack.log" >&2; exit 1; }
  fi
  echo "$pcap"
}

# seconds COMMAND...: "CPU WALL" seconds of one run (user+sys, and elapsed), output discarded. CPU seconds are
# the fair measure on a shared machine; wall seconds are what a user waits on an idle one.
seconds() {
  /usr/bin/time -f '%U %S %e' -o "$dir/ws.time" "$@" >/dev/null 2>&1
  awk '{ printf "%.2f %.2f", $1 + $2, $3 }' "$dir/ws.time"
}

echo "tshark $(tshark --version 2>/dev/null | head -1 | cut -d' ' -f3-), $(nproc) cores, plugin $(wc -c <"$plugin") bytes"
for stack in "${stacks[@]}"; do
  if [ "$stack" = udp ]; then n=${BENCH_MESSAGES:-1000000}; else n=${BENCH_TCP_MESSAGES:-500000}; fi
  pcap=$(capture "$stack" "$n")
  input="$pcap"
  if [ "$packets" != all ]; then
    input="$dir/ws-prefix-$stack-$packets.pcap"
    [ -s "$input" ] || editcap -r "$pcap" "$input" "1-$packets" >/dev/null
  fi
  count=$(tshark -n -r "$input" 2>/dev/null | wc -l)
  msgs=$(tshark -n -X lua_script:"$plugin" -r "$input" -T fields -E occurrence=a -E aggregator=' ' -e jgroups.msg.flags 2>/dev/null | wc -w)
  echo
  echo "$stack: $(basename "$input"), $count packets, $msgs JGroups messages"
  printf '%-36s %8s %8s %12s %14s\n' run "cpu s" "wall s" "packets/s" "messages/s"
  for mode in "tshark without plugin|" "tshark with plugin|-X lua_script:$plugin" "without plugin, full tree (-V)|-V" "with plugin, full tree (-V)|-V -X lua_script:$plugin"; do
    label=${mode%%|*}; args=${mode#*|}
    # shellcheck disable=SC2086
    read -r cpu wall <<<"$(seconds tshark -n $args -r "$input")"
    printf '%-36s %8.2f %8.2f %12.0f %14.0f\n' "$label" "$cpu" "$wall" "$(echo "$count / $cpu" | bc -l)" "$(echo "$msgs / $cpu" | bc -l)"
  done
  echo "(packets/s and messages/s per CPU second)"
done
