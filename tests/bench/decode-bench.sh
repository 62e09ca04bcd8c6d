#!/usr/bin/env bash
# Decode benchmark: jgwire vs. JGroups' own ParseMessages on large real captures of the cluster runner's `load`
# scenario (JGroups 5.5.7, a udp and a tcp cluster on loopback, 100-byte messages; and udp clusters sending
# 100 to 1,000 bytes of text or of binary). See tests/bench/README.md. The text and binary runs also time jgwire on
# a prefix of the 100-byte capture with as many messages, for the CPU per message at equal counts.
#
#   tests/bench/decode-bench.sh              # all four captures (made on first use, then reused)
#   tests/bench/decode-bench.sh udp          # only the udp one (or: tcp, text, binary)
#   tests/bench/decode-bench.sh --profile    # also a JFR profile of jgwire on the last capture, top frames per thread
#
# Environment (defaults in brackets):
#   BENCH_DIR        where captures, outputs and profiles go [/tmp/jgwire-bench]; never inside the repository
#   BENCH_MESSAGES   load multicasts per member, udp [3333334]; 3 members: 10,000,002 messages in the capture
#   BENCH_TCP_MESSAGES  the same for tcp [1666667]; each multicast is one copy per other member: 10,000,002
#   BENCH_SIZE       payload bytes of each load message, udp and tcp [100]
#   BENCH_REAL_MESSAGES  load multicasts per member of the text and binary captures [500000]: 1,500,000 messages
#   BENCH_REAL_SIZES sizes of the text and binary captures' messages, drawn per message [100-1000]
#   BENCH_PM_PACKETS ParseMessages (and jgwire, for the same input) read this many first packets, or "all" for
#                    the whole capture [all for text and binary (~1.2 M messages, some 90 s for ParseMessages),
#                    1000 for udp and tcp (10 M messages would take it some 8 minutes a run)]
#   BENCH_SMALL_HEAP the heap of jgwire's second run [256m]
#   BENCH_RUNS       runs per measurement, the fastest is shown [1]
# Needs root (live capture on lo), multicast on lo for udp (ip link set lo multicast on), tshark, editcap,
# GNU time (/usr/bin/time, Debian package "time"), Java 17 and Maven. Nothing here asserts a speed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/cli/target/jgwire"
dir=${BENCH_DIR:-/tmp/jgwire-bench}
version=5.5.7
members=3
udp_messages=${BENCH_MESSAGES:-3333334}
tcp_messages=${BENCH_TCP_MESSAGES:-1666667}
size=${BENCH_SIZE:-100}
real_messages=${BENCH_REAL_MESSAGES:-500000}
real_sizes=${BENCH_REAL_SIZES:-100-1000}
pm_packets=${BENCH_PM_PACKETS:-}
small_heap=${BENCH_SMALL_HEAP:-256m}
runs=${BENCH_RUNS:-1}

profile=0
stacks=()
for a in "$@"; do
  case "$a" in
    --profile) profile=1 ;;
    udp|tcp|text|binary) stacks+=("$a") ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "decode-bench: unknown argument '$a' (udp, tcp, text, binary, --profile, --help)" >&2; exit 2 ;;
  esac
done
[ ${#stacks[@]} -gt 0 ] || stacks=(udp tcp text binary)

case "$dir" in "$root"|"$root"/*) echo "decode-bench: BENCH_DIR ($dir) must be outside the repository" >&2; exit 2 ;; esac
for tool in tshark editcap java mvn; do
  command -v "$tool" >/dev/null || { echo "decode-bench: $tool is missing" >&2; exit 3; }
done
[ -x /usr/bin/time ] || { echo "decode-bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 3; }
mkdir -p "$dir"

# --- build when a main source is newer than the distribution; jgwire is then timed through its launcher ---
stamp="$home/.bench-built"
if [ ! -f "$stamp" ] || [ -n "$(find "$root" -path "$root/*/target" -prune -o \( -path '*/src/main/*' -o -name pom.xml \) -newer "$stamp" -print -quit)" ]; then
  echo "decode-bench: building (mvn package) ..." >&2
  log=$(mktemp)
  (cd "$root" && mvn -B -q package -DskipTests >"$log" 2>&1) || { sed 's/\x1b\[[0-9;]*m//g' "$log" >&2; rm -f "$log"; exit 1; }
  rm -f "$log"
  touch "$stamp"
fi
# Maven leaves an unchanged jar's time alone, so the launcher would see test sources as newer and rebuild inside a
# timed run: the distribution was just built from every source, say so.
touch "$home"/lib/jgwire-cli-*.jar
launcher="$root/jgwire"
# The launcher keys its class-data archive by the jars' times, so the touch above asks for a new one, which the
# first timed run would make (a decode of a bundled sample: 1.6 s against 0.35): made here, untimed.
"$launcher" decode -q "$root/samples/5.5.7/udp-chat.pcapng" >/dev/null 2>&1 || true
# jgwire runs with the launcher's own JVM options. The small heap goes through JGWIRE_HEAP: the launcher's -Xmx comes
# after anything in JAVA_TOOL_OPTIONS and wins, so an -Xmx there changes nothing. JFR goes in JAVA_TOOL_OPTIONS.
jgroups_jar="$home/jgroups/jgroups-$version.Final.jar"

# --- the machine ---
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo "machine: $(nproc) cores ($cpu), $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo)," \
     "$(java -version 2>&1 | head -1), $(tshark --version 2>/dev/null | head -1 | cut -d' ' -f1-3)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (the machine may be shared: numbers vary run to run)"

# --- helpers ---

# capture STACK MESSAGES_PER_MEMBER [SIZE]: prints the pcap path, making it (and its manifest) when missing;
# SIZE as the load scenario spells it (100, 100-1000, 100-1000:binary)
capture() {
  local stack=$1 n=$2 sz=${3:-$size} pcap
  pcap="$dir/load-$version-$1-${members}x$2x$sz.pcap"
  if [ ! -s "$pcap" ] || [ ! -s "${pcap%.pcap}.json" ]; then
    echo "decode-bench: capturing a $stack cluster: $members members x $n load multicasts of $sz bytes ..." >&2
    java -cp "$home/lib/*" "$here/MakeLoadCapture.java" "$home" "$version" "$stack" "$members" "$n" "$sz" \
      "$pcap" 1800 2>"$dir/capture-$stack.log" >&2 || { cat "$dir/capture-$stack.log" >&2; exit 1; }
  fi
  echo "$pcap"
}

# output_bytes PCAP: bytes of jgwire's JSON Lines for the capture, counted once (an untimed run) and kept beside it
output_bytes() {
  local f="${1%.pcap}.jsonl-bytes"
  [ -s "$f" ] || { "$launcher" decode --format jsonl "$1" 2>/dev/null | wc -c >"$f" || true; }
  cat "$f"
}

# manifest FILE KEY: a number from the manifest's top level
manifest() { grep -m1 "\"$2\"" "$1" | tr -dc '0-9-'; }

rows=()
# row TOOL MESSAGES SECONDS RSS_KB CPU_SECONDS [OUTPUT_BYTES]: a table row; ratio filled in by table()
row() { rows+=("$1|$2|$3|$4|$5|${6:-0}"); }

# table REFERENCE_TOOL: prints the rows, ratio = messages/s over the reference row's messages/s
table() {
  printf '%s\n' "${rows[@]}" | awk -F'|' -v ref="$1" '
    { tool[NR]=$1; msgs[NR]=$2; secs[NR]=$3; rss[NR]=$4; cpu[NR]=$5; out[NR]=$6; rate[NR]=($3 > 0 ? $2/$3 : 0)
      if ($1 == ref) r=rate[NR] }
    END {
      printf "  %-48s %12s %9s %12s %10s %8s %9s %14s %10s %10s\n", "tool", "messages", "seconds", "messages/s",
             "peak RSS", "ratio", "CPU s", "msgs/CPU-s", "CPU us/msg", "output MB/s"
      for (i = 1; i <= NR; i++)
        printf "  %-48s %12d %9.2f %12.0f %7.0f MB %8s %9.2f %14.0f %10.2f %10s\n", tool[i], msgs[i], secs[i],
               rate[i], rss[i]/1024, (r > 0 ? sprintf("%.1fx", rate[i]/r) : "-"), cpu[i],
               (cpu[i] > 0 ? msgs[i]/cpu[i] : 0), (msgs[i] > 0 ? 1e6 * cpu[i]/msgs[i] : 0),
               (out[i] > 0 && secs[i] > 0 ? sprintf("%.0f", out[i]/1e6/secs[i]) : "-")
    }'
  rows=()
}

# summary_messages: the message count of jgwire's summary line ("jgwire: ... N messages, ...") on standard input
summary_messages() { grep '^jgwire: ' | tail -1 | sed -E 's/.* ([0-9]+) messages.*/\1/'; }

# faster A B: whether wall time A (seconds) is below B: keeps the fastest of $runs
faster() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# warm PCAP: reads the capture once, untimed, so that a timed run reads it from the page cache, not the disk. On the
# machine of the bench README the kernel drops pages of GB files within seconds: a 100-byte capture (1.4 GB) read
# partly from the disk took jgwire 12 to 15 s instead of 10.
warm() { cat "$1" >/dev/null; }

# time_jgwire LABEL PCAP [HEAP]: the launcher decoding to JSON Lines into /dev/null, fastest of $runs; HEAP (256m)
# bounds the JVM's heap instead of the launcher's default
time_jgwire() {
  local label=$1 pcap=$2 best="" i out bytes
  bytes=$(output_bytes "$pcap")
  for ((i = 0; i < runs; i++)); do
    warm "$pcap"
    if [ $# -ge 3 ]; then export JGWIRE_HEAP=$3; else unset JGWIRE_HEAP; fi
    /usr/bin/time -o "$dir/time.out" -f '%e %M %U %S' "$launcher" decode --format jsonl -o /dev/null "$pcap" \
      2>"$dir/jgwire.err" || [ $? -eq 1 ] # 1: some frames became error records; counted below
    unset JGWIRE_HEAP
    out=$(tail -1 "$dir/time.out" | awk '{ printf "%s %s %.2f", $1, $2, $3 + $4 }') # wall, RSS, user+sys CPU
    # (tail: the line after "Command exited with non-zero status 1" when there were errors)
    if [ -z "$best" ] || faster "${out%% *}" "${best%% *}"; then best=$out; fi
  done
  local summary msgs errors
  summary=$(grep '^jgwire: ' "$dir/jgwire.err" | tail -1)
  msgs=$(summary_messages <<<"$summary")
  errors=$(sed -E 's/.* ([0-9]+) errors?.*/\1/' <<<"$summary")
  local fields
  read -r -a fields <<<"$best"
  row "$label" "$msgs" "${fields[0]}" "${fields[1]}" "${fields[2]}" "$bytes"
  notes+=("$label: $summary")
  [ "$errors" = 0 ] || notes+=("  ($errors error records: frames or message-list tails jgwire could not decode)")
}

# time_parsemessages LABEL PCAP FIELD [-tcp]: tshark hex | ParseMessages, wall time of the whole pipeline, fastest
# of $runs as for jgwire (its rate varies from run to run as much as jgwire's)
time_parsemessages() {
  local label=$1 pcap=$2 field=$3 flag=${4:-} t0 t1 i secs best="" msgs rss tsrss cpu
  for ((i = 0; i < runs; i++)); do
    warm "$pcap"
    t0=$(date +%s.%N)
    /usr/bin/time -o "$dir/tshark.time" -f '%M %U %S' tshark -r "$pcap" -T fields -e "$field" 2>/dev/null \
      | /usr/bin/time -o "$dir/pm.time" -f '%M %U %S' java -cp "$jgroups_jar" org.jgroups.tests.ParseMessages $flag \
        >"$dir/parsemessages.out" 2>"$dir/parsemessages.err" || true
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    rss=$(tail -1 "$dir/pm.time" | cut -d' ' -f1)
    tsrss=$(tail -1 "$dir/tshark.time" | cut -d' ' -f1)
    # CPU: ParseMessages' JVM and tshark together (the pipeline's work)
    cpu=$(tail -q -n1 "$dir/pm.time" "$dir/tshark.time" | awk '{ c += $2 + $3 } END { printf "%.2f", c }')
    if [ -z "$best" ] || faster "$secs" "${best%% *}"; then
      best="$secs $rss $tsrss $cpu"
    fi
  done
  # a message is a line "N: [...]"; a message list adds a line "N: batch to ..." (not a message) and an indented
  # line per message (its second rendering)
  msgs=$(awk '/^[0-9]+: batch to / { next } /^[0-9]+: / { m++ } END { print m + 0 }' "$dir/parsemessages.out")
  read -r secs rss tsrss cpu <<<"$best"
  row "$label" "$msgs" "$secs" "$rss" "$cpu"
  notes+=("$label: peak RSS is ParseMessages' JVM; tshark's own: $((tsrss / 1024)) MB; includes tshark and JVM start")
  local ex
  ex=$(grep -m1 -E '^[a-zA-Z.]+(Exception|Error)' "$dir/parsemessages.err" || true)
  [ -z "$ex" ] || notes+=("  ParseMessages stopped at: $ex (after $msgs messages)")
}

# marginal_cost PCAP PACKETS: jgwire on the capture's first half too, and the CPU per message of the second half
# (the whole run's first row less the half's: start-up and JIT compilation, done within the first half, cancel out),
# so that captures of different sizes compare per message without their fixed cost
marginal_cost() {
  local pcap=$1 half="$dir/half-$(basename "$1")" full_row half_row
  [ -s "$half" ] || editcap -r "$pcap" "$half" "1-$(($2 / 2))"
  full_row=${rows[0]}
  time_jgwire "jgwire, first half ($(($2 / 2)) packets)" "$half"
  half_row=${rows[${#rows[@]} - 1]}
  notes+=("$(awk -F'|' -v f="$full_row" -v h="$half_row" 'BEGIN {
    split(f, a); split(h, b)
    if (a[2] > b[2]) printf "CPU per message past the first half: %.2f us ((%.2f - %.2f) CPU s / %d messages)",
      1e6 * (a[5] - b[5]) / (a[2] - b[2]), a[5], b[5], a[2] - b[2]
    else printf "CPU per message past the first half: not measurable (no messages past it)" }')")
  # the launcher takes other JVM options for an input under 4 MB, so the two runs would not compare
  [ "$(stat -L -c %s "$half")" -ge 4000000 ] ||
    notes+=("  (the half is under 4 MB, so the launcher ran it with other JVM options: not a fair difference)")
}

# equal_count: jgwire on a prefix of the udp capture (100-byte messages by default) holding about as many messages
# as the first row (the realistic capture; made when missing), and the CPU per message of the two. A run's CPU per
# message is its fixed cost (start-up, JIT compilation) over its count plus what each message costs, so captures of
# 1.5 M and 10 M messages compare per message only at equal counts. The prefix's packets: estimated from the
# capture's manifest, then corrected once by an untimed count.
equal_count() {
  local first_row=${rows[0]} want udp packets p got prefix last_row pass
  want=$(cut -d'|' -f2 <<<"$first_row")
  udp=$(capture udp "$udp_messages" "$size")
  packets=$(manifest "${udp%.pcap}.json" packets)
  p=$((want * packets / (members * udp_messages) + 1))
  for pass in estimate corrected; do
    prefix="$dir/equal-$(basename "$udp" .pcap)-$p.pcap"
    [ -s "$prefix" ] || editcap -r "$udp" "$prefix" "1-$p"
    [ "$pass" = corrected ] && break
    got=$("$launcher" decode -o /dev/null "$prefix" 2>&1 >/dev/null | summary_messages || true)
    [ "${got:-0}" -gt 0 ] || { notes+=("  (no count of the udp capture's prefix: no equal-count row)"); return; }
    p=$((p * want / got + 1))
  done
  time_jgwire "jgwire, $size-byte capture, first $p packets" "$prefix"
  last_row=${rows[${#rows[@]} - 1]}
  notes+=("$(awk -F'|' -v f="$first_row" -v u="$last_row" -v sz="$size" 'BEGIN {
    split(f, a); split(u, b)
    printf "CPU per message at equal counts: %.2f us (%d messages) against %.2f us (%d messages of %s bytes): %.2fx",
      1e6 * a[5] / a[2], a[2], 1e6 * b[5] / b[2], b[2], sz, (a[5] / a[2]) / (b[5] / b[2]) }')")
}

# top_frames JFR: per thread, the top frames (self time) of the execution samples, then the first org.jgwire frame
# on each sample's stack (which of our calls the time is spent under)
top_frames() {
  jfr print --events jdk.ExecutionSample --stack-depth 64 "$1" | awk '
    /sampledThread = / { t = $0; sub(/.*sampledThread = "/, "", t); sub(/".*/, "", t); depth = 0; own = ""; next }
    /stackTrace = \[/ { in_st = 1; next }
    in_st && /^[[:space:]]*\]/ { in_st = 0; if (own == "") own = "(no org.jgwire frame)"; ours[t "|" own]++; next }
    in_st {
      f = $0; sub(/^[[:space:]]+/, "", f); sub(/[[:space:]]+line:.*/, "", f)
      if (f == "...") next
      if (depth == 0) { self[t "|" f]++; samples[t]++ }
      if (own == "" && f ~ /^org\.jgwire\./) own = f
      depth++
    }
    END {
      for (k in samples) total += samples[k]
      printf "   %d execution samples\n", total
      for (th in samples) {
        printf "\n   thread %s: %d samples (%.0f%%)\n   top frames (self):\n", th, samples[th], 100 * samples[th] / total
        n = 0; for (k in self) if (index(k, th "|") == 1) line[++n] = sprintf("%7d  %s", self[k], substr(k, length(th) + 2))
        cmd = "sort -rn | head -15"; for (i = 1; i <= n; i++) print "     " line[i] | cmd; close(cmd)
        printf "   first org.jgwire frame on the stack:\n"
        n = 0; delete line; for (k in ours) if (index(k, th "|") == 1) line[++n] = sprintf("%7d  %s", ours[k], substr(k, length(th) + 2))
        for (i = 1; i <= n; i++) print "     " line[i] | cmd; close(cmd)
        delete line
      }
    }'
}

for kind in "${stacks[@]}"; do
  notes=()
  field=udp.payload; flag=""; stack=udp; sz=$size
  case "$kind" in
    udp) n=$udp_messages ;;
    tcp) n=$tcp_messages; field=tcp.payload; flag=-tcp; stack=tcp ;;
    text) n=$real_messages; sz=$real_sizes ;;
    binary) n=$real_messages; sz="$real_sizes:binary" ;;
  esac
  pcap=$(capture "$stack" "$n" "$sz")
  json="${pcap%.pcap}.json"
  packets=$(manifest "$json" packets)
  echo
  echo "== $version $kind: $pcap (jgwire: the launcher's JVM options; small heap: + -Xmx$small_heap)"
  echo "   $members members x $n load multicasts of $sz bytes; $packets packets, $(( $(stat -L -c %s "$pcap") / 1048576 )) MB," \
       "$(manifest "$json" dropped) dropped by the capture (pcap_stats)"
  time_jgwire "jgwire decode --format jsonl" "$pcap"
  time_jgwire "jgwire decode --format jsonl, -Xmx$small_heap" "$pcap" "$small_heap"
  marginal_cost "$pcap" "$packets"
  case "$kind" in text|binary) equal_count ;; esac
  # ParseMessages' JVM start weighs on a prefix: on the text capture's first 1000 packets (76,599 messages) it read
  # 11,700 messages/s, on its first half 13,700; side by side on the realistic captures means the whole of them
  pm=${pm_packets:-1000}
  case "$kind" in text|binary) pm=${pm_packets:-all} ;; esac
  if [ "$pm" = all ] || [ "$pm" -ge "$packets" ]; then
    prefix=$pcap; what="whole capture"
  else
    prefix="$dir/prefix-$(basename "$pcap" .pcap)-$pm.pcap"
    [ -s "$prefix" ] || editcap -r "$pcap" "$prefix" "1-$pm"
    what="first $pm packets"
    time_jgwire "jgwire, $what" "$prefix"
  fi
  time_parsemessages "ParseMessages $version ($what)" "$prefix" "$field" "$flag"
  echo
  table "ParseMessages $version ($what)"
  echo
  printf '   %s\n' "${notes[@]}"
done

if [ "$profile" = 1 ]; then
  # the last capture benchmarked above (udp when only --profile was given)
  pcap=$(capture "$stack" "$n" "$sz")
  jfr_file="$dir/jgwire-$kind.jfr"
  echo
  echo "== JFR profile of jgwire on $pcap ($jfr_file)"
  JAVA_TOOL_OPTIONS="-XX:StartFlightRecording=filename=$jfr_file,settings=profile" \
    "$launcher" decode --format jsonl -o /dev/null "$pcap" >/dev/null 2>"$dir/jgwire-profile.err" || true
  grep '^jgwire: ' "$dir/jgwire-profile.err" || true
  top_frames "$jfr_file"
fi
