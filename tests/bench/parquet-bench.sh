#!/usr/bin/env bash
# Parquet benchmark: `decode --format parquet` against `decode --format jsonl`, both to a file, on the realistic
# benchmark capture (decode-bench.sh's text capture: JGroups 5.5.7 udp, 3 members x 500,000 load multicasts of 100
# to 1,000 bytes), paired runs with farm-bench, and the sizes of the two outputs. See tests/bench/README.md
# ("Parquet against JSON Lines"). Nothing here asserts a speed.
#
#   tests/bench/parquet-bench.sh
#
# Environment (defaults in brackets):
#   BENCH_DIR        where the capture and the outputs go [/tmp/jgwire-bench]; never inside the repository
#   BENCH_PAIRS      farm-bench pairs [5]
# Needs what decode-bench.sh needs to make the capture (root, tshark, editcap, Java 17, Maven), and farm-bench.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${BENCH_DIR:-/tmp/jgwire-bench}
pairs=${BENCH_PAIRS:-5}
capture="$dir/load-5.5.7-udp-3x500000x100-1000.pcap"
[ -s "$capture" ] || BENCH_DIR="$dir" "$here/decode-bench.sh" text >/dev/null
"$root/jgwire" decode -q "$root/samples/5.5.7/udp-chat.pcapng" >/dev/null # builds the distribution, untimed

cat > "$dir/parquet.sh" <<SH
#!/bin/sh
exec "$root/jgwire" decode -q --format parquet -o "$dir/out.parquet" "$capture"
SH
cat > "$dir/jsonl.sh" <<SH
#!/bin/sh
exec "$root/jgwire" decode -q --format jsonl -o "$dir/out.jsonl" "$capture"
SH
chmod +x "$dir/parquet.sh" "$dir/jsonl.sh"
farm-bench -n "$pairs" --timeout 1800 --vs "$dir/jsonl.sh" -- "$dir/parquet.sh"
ls -l "$dir/out.parquet" "$dir/out.jsonl"
