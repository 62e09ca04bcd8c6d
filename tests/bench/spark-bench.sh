#!/usr/bin/env bash
# Spark benchmark: the realistic load capture (decode-bench.sh's text capture, 3 JGroups 5.5.7 members on udp,
# messages of 100 to 1,000 bytes of text), split by flow, read by the jgwire Spark data source in local mode with 2
# executor threads, against one `jgwire decode --format jsonl` JVM on the whole capture. See tests/bench/README.md.
#
#   tests/bench/spark-bench.sh
#
# Environment:
#   BENCH_DIR             where the capture, its parts and the outputs go [/tmp/jgwire-bench]; never the repository
#   BENCH_SPARK_MESSAGES  load multicasts per member [100000]: 300,000 messages, some 180 MB (decode-bench's
#                         realistic capture has 500000; give that to reuse it)
#   BENCH_RUNS            timed runs of each, alternating [3]; the fastest of each is reported
#   BENCH_MASTER          Spark master [local[2]]
# Needs root (live capture on lo, multicast on), tshark, GNU time, Java 17, Maven with Spark in ~/.m2.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${BENCH_DIR:-/tmp/jgwire-bench}
n=${BENCH_SPARK_MESSAGES:-100000}
runs=${BENCH_RUNS:-3}
master=${BENCH_MASTER:-local[2]}
version=5.5.7
case "$dir" in "$root"|"$root"/*) echo "spark-bench: BENCH_DIR ($dir) must be outside the repository" >&2; exit 2 ;; esac
mkdir -p "$dir"
home="$root/cli/target/jgwire"

# --- build: the distribution (for ./jgwire and the JGroups jars) and the data source's class path ---
echo "spark-bench: building (mvn package, core-codec/spark and what it needs) ..." >&2
log=$(mktemp)
(cd "$root" && mvn -B -q -pl core-codec/spark -am package -DskipTests -Dspotless.check.skip=true \
   dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt) >"$log" 2>&1 \
  || { cat "$log" >&2; rm -f "$log"; exit 1; }
rm -f "$log"
cp="$root/core-codec/spark/target/classes:$(cat "$root/core-codec/spark/target/bench-classpath.txt")"
# Spark on Java 17: the options of its launcher (as the module's surefire argLine)
jvm=$(sed -n '/<argLine>/,/<\/argLine>/p' "$root/core-codec/spark/pom.xml" | sed 's/<[^>]*>//g' | tr -s ' \n' ' ')

# --- the capture and its parts ---
pcap="$dir/load-$version-udp-3x${n}x100-1000.pcap"
if [ ! -s "$pcap" ]; then
  echo "spark-bench: capturing a udp cluster: 3 members x $n load multicasts of 100-1000 bytes ..." >&2
  java -cp "$home/lib/*" "$here/MakeLoadCapture.java" "$home" "$version" udp 3 "$n" 100-1000 "$pcap" 1800 \
    2>"$dir/capture-spark.log" >&2 || { cat "$dir/capture-spark.log" >&2; exit 1; }
fi
parts="$dir/spark-parts-3x${n}"
if [ ! -d "$parts" ]; then
  echo "spark-bench: splitting by flow (a part per UDP sending port, as docs/scale-out.md) ..." >&2
  mkdir -p "$parts.tmp"
  for port in $(tshark -r "$pcap" -Y udp -T fields -e udp.srcport | sort -un); do
    tshark -r "$pcap" -Y "udp.srcport == $port" -w "$parts.tmp/udp-$port.pcapng"
  done
  mv "$parts.tmp" "$parts"
fi

# --- the machine ---
echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')," \
     "$(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo)), $(java -version 2>&1 | head -1)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (a shared machine: numbers vary run to run)"
echo "capture: $pcap, $(( $(stat -c %s "$pcap") / 1048576 )) MB; parts: $(ls "$parts" | wc -l) in $parts"

# --- timed runs, alternating: wall seconds, peak RSS, CPU seconds of the whole process ---
best_decode="" best_spark=""
faster() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
for ((i = 0; i < runs; i++)); do
  cat "$pcap" "$parts"/* >/dev/null # from the page cache, both
  /usr/bin/time -o "$dir/time.out" -f '%e %M %U %S' "$root/jgwire" decode --format jsonl -o /dev/null "$pcap" \
    2>"$dir/decode.err" || [ $? -eq 1 ]
  t=$(tail -1 "$dir/time.out" | awk '{ printf "%s %s %.2f", $1, $2, $3 + $4 }')
  if [ -z "$best_decode" ] || faster "${t%% *}" "${best_decode%% *}"; then best_decode=$t; fi
  /usr/bin/time -o "$dir/time.out" -f '%e %M %U %S' java $jvm -Djgwire.home="$home" -cp "$cp" \
    "$here/SparkBench.java" "$master" "$parts/*.pcapng" >"$dir/spark.out" 2>"$dir/spark.err"
  t=$(tail -1 "$dir/time.out" | awk '{ printf "%s %s %.2f", $1, $2, $3 + $4 }')
  if [ -z "$best_spark" ] || faster "${t%% *}" "${best_spark%% *}"; then best_spark="$t $(tail -1 "$dir/spark.out")"; fi
done
msgs=$(grep '^jgwire: ' "$dir/decode.err" | tail -1 | sed -E 's/.* ([0-9]+) messages.*/\1/')
read -r dw drss dcpu <<<"$best_decode"
read -r sw srss scpu sline <<<"$best_spark"
smsgs=$(sed -E 's/.*messages=([0-9]+).*/\1/' <<<"$sline")
echo "jgwire decode: $(grep '^jgwire: ' "$dir/decode.err" | tail -1)"
echo "spark: $sline"
printf '  %-44s %10s %9s %12s %10s %9s\n' tool messages seconds messages/s "peak RSS" "CPU s"
printf '  %-44s %10d %9.2f %12.0f %7.0f MB %9.2f\n' "jgwire decode --format jsonl (one JVM)" "$msgs" "$dw" \
  "$(awk -v m="$msgs" -v s="$dw" 'BEGIN { print m / s }')" "$((drss / 1024))" "$dcpu"
printf '  %-44s %10d %9.2f %12.0f %7.0f MB %9.2f\n' "Spark $master, jgwire data source, parts" "$smsgs" "$sw" \
  "$(awk -v m="$smsgs" -v s="$sw" 'BEGIN { print m / s }')" "$((srss / 1024))" "$scpu"
