#!/usr/bin/env bash
# Merge benchmark: several captures of one cluster, one per member's host (the cluster runner's --netns-per-member
# --capture-per-member, load scenario, JGroups 5.5.7 udp, 3 members), decoded merged against decoded one by one,
# paired runs with farm-bench; and the merge's peak memory at two capture sizes and under a small heap.
# See tests/bench/README.md ("several captures merged"). Nothing here asserts a speed.
#
#   tests/bench/merge-bench.sh
#
# Environment (defaults in brackets):
#   BENCH_DIR        where captures go [/tmp/jgwire-bench]; never inside the repository
#   BENCH_REAL_MESSAGES  load multicasts per member [500000]: 1,500,000 messages, each in every host's capture
#   BENCH_REAL_SIZES sizes of the messages, drawn per message [100-1000]
#   BENCH_PAIRS      farm-bench pairs [3]
# Needs root (network namespaces, live capture), GNU time (/usr/bin/time), farm-bench, Java 17 and Maven.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${BENCH_DIR:-/tmp/jgwire-bench}
n=${BENCH_REAL_MESSAGES:-500000}
sizes=${BENCH_REAL_SIZES:-100-1000}
pairs=${BENCH_PAIRS:-3}
hosts="$dir/hosts-5.5.7-udp-3x$n-$sizes"
small="$dir/hosts-5.5.7-udp-3x20000-$sizes"
mkdir -p "$dir"
[ -x "$root/cli/target/jgwire/bin/jgwire" ] || [ -d "$root/cli/target/jgwire/lib" ] \
  || (cd "$root" && mvn -B -q package -DskipTests -Djacoco.skip=true)

make_hosts() { # DIR MESSAGES
  [ -f "$1/manifest.json" ] && return
  "$root/jgwire" cluster --jgroups-version 5.5.7 --stack udp -n 3 --scenario "load:$2:$sizes" \
    --netns-per-member --capture-per-member "$1" --timeout 1800 2>&1 | tail -4
}
make_hosts "$small" 20000
make_hosts "$hosts" "$n"
ls -l "$hosts"

# exit 1 (some frames not decoded) is allowed: a packet the kernel dropped leaves an IP datagram incomplete
cat > "$dir/merged.sh" <<SH
#!/bin/sh
"$root/jgwire" decode -q --format jsonl -o /dev/null "$hosts/A.pcapng" "$hosts/B.pcapng" "$hosts/C.pcapng"
[ \$? -le 1 ]
SH
cat > "$dir/one-by-one.sh" <<SH
#!/bin/sh
for f in A B C; do
  "$root/jgwire" decode -q --format jsonl -o /dev/null "$hosts/\$f.pcapng"
  [ \$? -le 1 ] || exit 1
done
SH
chmod +x "$dir/merged.sh" "$dir/one-by-one.sh"
farm-bench -n "$pairs" --timeout 1800 --vs "$dir/one-by-one.sh" -- "$dir/merged.sh"

set +e
echo "peak memory (GNU time, max RSS):"
for d in "$small" "$hosts"; do
  /usr/bin/time -f "  $(basename "$d") merged: %e s, %M KB" \
    "$root/jgwire" decode -q --format jsonl -o /dev/null "$d/A.pcapng" "$d/B.pcapng" "$d/C.pcapng"
  /usr/bin/time -f "  $(basename "$d") A alone: %e s, %M KB" \
    "$root/jgwire" decode -q --format jsonl -o /dev/null "$d/A.pcapng"
done
JGWIRE_HEAP=256m /usr/bin/time -f "  $(basename "$hosts") merged, JGWIRE_HEAP=256m: %e s, %M KB" \
  "$root/jgwire" decode --format jsonl -o /dev/null "$hosts/A.pcapng" "$hosts/B.pcapng" "$hosts/C.pcapng"
