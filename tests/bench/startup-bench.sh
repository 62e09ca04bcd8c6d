#!/usr/bin/env bash
# Start-up benchmark: `jgwire decode` of a small bundled sample side by side with `tshark -r` reading it, run in
# turn (A B A B ...) so that both see the same machine. See tests/bench/README.md.
#
#   tests/bench/startup-bench.sh                 # the sample below, 10 counted pairs after one warm-up pair
#   tests/bench/startup-bench.sh CAPTURE         # another capture
#
# Environment (defaults in brackets):
#   BENCH_RUNS       counted pairs [10]
#   BENCH_VARIANTS   jgwire variants, space-separated, each timed against tshark [launcher no-cds no-c1 before]:
#                      launcher  ./jgwire as it is (AppCDS archive, C1 and the serial collector for small inputs)
#                      no-cds    the same without the archive (JGWIRE_CDS=0)
#                      no-c1     the archive, with the throughput collector and tiered compilation
#                      before    neither (the launcher's options before the start-up work)
# Needs tshark, GNU time (/usr/bin/time, Debian package "time"), Java 17 and Maven. Nothing here asserts a speed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
capture=${1:-$root/samples/5.5.7/udp-chat.pcapng}
runs=${BENCH_RUNS:-10}
variants=${BENCH_VARIANTS:-launcher no-cds no-c1 before}
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
command -v tshark >/dev/null || { echo "needs tshark" >&2; exit 2; }
"$root/jgwire" decode -q "$capture" >/dev/null # builds when stale, makes the class-data archive on first use

# one timed run: "wall user sys" in seconds
times=$(mktemp)
trap 'rm -f "$times"' EXIT
timed() {
  /usr/bin/time -o "$times" -f '%e %U %S' "$@" >/dev/null 2>&1 || true
  tail -n 1 "$times"
}

jgwire_run() {
  case "$1" in
    launcher) timed "$root/jgwire" decode "$capture" ;;
    no-cds) JGWIRE_CDS=0 timed "$root/jgwire" decode "$capture" ;;
    no-c1) JGWIRE_JAVA_OPTS="-XX:+UseParallelGC -Xmx1g" timed "$root/jgwire" decode "$capture" ;;
    before) JGWIRE_CDS=0 JGWIRE_JAVA_OPTS="-XX:+UseParallelGC -Xmx1g" timed "$root/jgwire" decode "$capture" ;;
    *) echo "unknown variant $1" >&2; exit 2 ;;
  esac
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

echo "capture: $capture ($(stat -c %s "$capture") bytes); $runs pairs per variant; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %9s %9s %9s %9s %11s %11s\n' variant "wall s" "cpu s" "tshark w" "tshark c" "wall ratio" "cpu ratio"
for v in $variants; do
  jgwire_run "$v" >/dev/null; timed tshark -r "$capture" >/dev/null # warm-up pair
  rows=()
  for ((i = 0; i < runs; i++)); do
    read -r aw au as <<<"$(jgwire_run "$v")"
    read -r bw bu bs <<<"$(timed tshark -r "$capture")"
    rows+=("$aw $(echo "$au + $as" | bc -l) $bw $(echo "$bu + $bs" | bc -l)")
  done
  col() { printf '%s\n' "${rows[@]}" | awk -v c="$1" '{print $c}' | median; }
  ratio() { printf '%s\n' "${rows[@]}" | awk -v a="$1" -v b="$2" '{print ($b > 0 ? $a / $b : 0)}' | median; }
  printf '%-9s %9.3f %9.3f %9.3f %9.3f %11.2f %11.2f\n' "$v" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" \
    "$(ratio 1 3)" "$(ratio 2 4)"
done
echo "medians of $runs runs; ratios are jgwire/tshark, the median of the pairs' ratios"
