#!/bin/sh
# The shipped-stacks matrix: every stack XML that each bundled JGroups jar ships at its root runs as a chat cluster
# on loopback (jgwire cluster --stack jgroups:NAME.xml), is captured live and verified against its manifest
# (jgwire verify: every message with its text, sender and destination, every name and view, no frame left
# undecoded). Runs one cluster at a time. Writes the results into docs/stack-matrix.md (table, date, each failure's
# first error, each skip's reason, each stack its own jar cannot carry with the members' log line that shows why).
#
#   tests/stack-matrix.sh                  # every bundled version (about 40 minutes on 2 cores)
#   tests/stack-matrix.sh 3.6.20 5.5.7     # some versions (the page then lists only these)
#
#   WORK=/tmp/m STACKS=tcp.xml tests/stack-matrix.sh 4.2.30   # one cell again, the others kept from WORK's results
#
# Environment: NODES (default 3), TIMEOUT per cluster (default 60s), WORK (captures, logs, a failed run's members'
# logs as NAME.members.log, and results.tsv; default a new temporary directory, kept; results already there are kept
# unless run again), STACKS (only these shipped stacks), DOC (default docs/stack-matrix.md; DOC=- writes nothing).
# Needs what jgwire cluster needs: capture rights on lo and multicast on lo (see docs/cluster.md), and a built
# distribution (mvn -B -q package -DskipTests).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
jgwire="$root/jgwire"
jars="$root/cli/target/jgwire/jgroups"
nodes=${NODES:-3}
timeout=${TIMEOUT:-60s}
work=${WORK:-$(mktemp -d /tmp/jgwire-stack-matrix-XXXXXX)}
doc=${DOC:-$root/docs/stack-matrix.md}
mkdir -p "$work"
results="$work/results.tsv"
touch "$results"

if [ $# -gt 0 ]; then
  versions="$*"
else
  versions=$(ls "$jars" | sed -n 's/^jgroups-\(.*\)\.Final\.jar$/\1/p' | sort -t. -k1,1n -k2,2n -k3,3n)
fi

# Why a shipped stack is not run (empty: it runs). Keep the reasons short: they go into the docs page.
skip_reason() {
  case "$1" in
    udp-default.xml | tcp-default.xml | nio-default.xml) echo "a transport alone, included by the other stacks" ;;
    jdbc-*.xml) echo "JDBC_PING2 needs a database server" ;;
    auth_krb5.xml) echo "Krb5Token needs a Kerberos KDC" ;;
    comment-test.xml) echo "SHARED_LOOPBACK: members talk inside one JVM, nothing on the wire (a parser test)" ;;
    *) echo "" ;;
  esac
}

# Members that start but whose jar cannot carry the stack: a defect of the jar, or of the jar on this JVM. Each is
# known by a protocol of the stack (in its XML, comments left out) and what the members then log (a fixed string);
# prints pattern<TAB>cause for each that may apply to stack XML $1. (4.0's and 4.1's SSL_KEY_EXCHANGE, which asks
# for TLSv1 that Java 17 disables, is no such case: the cluster runner allows TLSv1 again for those members.)
defects_of() {
  xml=$(perl -0pe 's/<!--.*?-->//gs' "$1")
  if echo "$xml" | grep -qE '<ENCRYPT([[:space:]/>]|$)'; then
    printf '%s\t%s\n' 'ArrayIndexOutOfBoundsException: Index -1 out of bounds for length 150' \
      "3.6's ENCRYPT sends its own header class ENCRYPT\$EncryptHeader, which the jar's magic map (jg-magic-map.xml)\
 lacks: it goes out with magic id -1 and every receiver drops the message, on any JVM"
  fi
}

# The stack XMLs at the jar's root whose document is a <config> (not magic maps, fork or relay configurations).
stacks_of() {
  dir="$work/xml/$1"
  mkdir -p "$dir"
  (cd "$dir" && unzip -oq "$jars/jgroups-$1.Final.jar" '*.xml' -x '*/*')
  for f in "$dir"/*.xml; do
    perl -0ne 's/<!--.*?-->//gs; s/<\?.*?\?>//gs; exit(/(^|-->)\s*<config\b/ ? 0 : 1)' "$f" && basename "$f"
  done
}

# Replaces the result of version $1, stack $2 with the rest of the line.
record() {
  grep -v "^$1	$2	" "$results" >"$results.new" || true
  printf '%s\t%s\t%s\t%s\n' "$@" | tr -d '\r' >>"$results.new"
  mv "$results.new" "$results"
}

for v in $versions; do
  for s in $(stacks_of "$v"); do
    if [ -n "${STACKS:-}" ] && ! echo " $STACKS " | grep -q " $s "; then continue; fi
    reason=$(skip_reason "$s")
    if [ -n "$reason" ]; then
      record "$v" "$s" skip "$reason"
      continue
    fi
    base="$work/$v-${s%.xml}"
    start=$(date +%s)
    if "$jgwire" cluster --jgroups-version "$v" --stack "jgroups:$s" --nodes "$nodes" --scenario chat \
      --timeout "$timeout" --capture "$base.pcapng" >"$base.cluster.log" 2>&1; then
      if "$jgwire" verify "$base.pcapng" >"$base.verify.log" 2>&1; then
        outcome=ok
        text=""
      else
        outcome=fail
        text=$(grep -E '^  (MISSING|EXTRA|DIFFERENT|MISMATCH|ERROR) ' "$base.verify.log" | head -n 1 | sed 's/^ *//')
        [ -n "$text" ] || text=$(tail -n 1 "$base.verify.log")
        n=$(sed -n 's/^result: DISAGREES (\(.*\))$/\1/p' "$base.verify.log")
        [ -z "$n" ] || text="$text [$n]"
      fi
    else
      outcome=fail
      # (not the capture's line: its file name is WORK's, which may hold such a word)
      text=$(grep -v '^jgwire: capturing on ' "$base.cluster.log" |
        grep -m 1 -iE '^jgwire: .*(fail|error|exception|refus|timed out|did not)' ||
        grep '^jgwire: ' "$base.cluster.log" | tail -n 1)
      text="cluster: $(echo "$text" | sed 's/^jgwire: //' | cut -c 1-300)"
      # the jar refused its own XML before any member started: nothing was sent, nothing for jgwire to decode
      if echo "$text" | grep -qE 'configuration error|Could not assign property|match_string cannot be null'; then
        outcome=broken
      fi
      # the members' whole logs (the failure names the run's work dir, kept on failure), for a defect of the jar
      run_dir=$(sed -n 's/.* work dir \([^]]*\)\].*/\1/p' "$base.cluster.log" | head -n 1)
      rm -f "$base.members.log"
      if [ -n "$run_dir" ]; then
        for f in "$run_dir"/*.log; do
          if [ -f "$f" ]; then { echo "--- $f"; cat "$f"; } >>"$base.members.log"; fi
        done
      fi
      if [ "$outcome" = fail ] && [ -f "$base.members.log" ]; then
        defects_of "$work/xml/$v/$s" >"$base.defects"
        while IFS="$(printf '\t')" read -r pattern cause; do
          grep -q -F "$pattern" "$base.members.log" || continue
          line=$(grep -m 1 -F "$pattern" "$base.members.log" | sed 's/^[A-Z]*: //')
          outcome=defect
          text="$cause. Members log: $line; $text"
          break
        done <"$base.defects"
        rm -f "$base.defects"
      fi
    fi
    record "$v" "$s" "$outcome" "$text"
    echo "$v $s: $outcome ($(($(date +%s) - start)) s) $text" >&2
  done
done

[ "$doc" = "-" ] && exit 0
# the page covers every version with results in WORK, oldest first
versions=$(cut -f 1 "$results" | sort -u -t. -k1,1n -k2,2n -k3,3n)
{
  cat <<EOF
# Shipped stacks matrix

Every stack XML the bundled JGroups jars ship at their root, run as a $nodes-member \`chat\` cluster on loopback
(\`jgwire cluster --jgroups-version V --stack jgroups:NAME.xml --scenario chat\`), captured live and checked with
\`jgwire verify\`: every application message on the wire as often as the stack carries it, with its text, logical
sender and destination; every member named; the views; no frame left undecoded. Encrypting stacks
(\`sym-encrypt.xml\`, \`asym-encrypt.xml\`, \`asym-ssl.xml\`, \`encrypt.xml\` from 4.0 on) carry texts and views as
ciphertext: those are \`unseen\`, and the run is \`ok\` when nothing else disagrees.

How the runner adapts a shipped stack to loopback (every socket on 127.0.0.1, ports picked free, TCPPING's
\`initial_hosts\` set to the members' ports, MPING on the run's multicast group over \`lo\`, a GossipRouter for
TUNNEL and TCPGOSSIP, a keystore made per run for SYM_ENCRYPT and ENCRYPT, an RSA key and certificate for
SSL_KEY_EXCHANGE and X509Token, TLSv1 allowed again for the members of 4.0 and 4.1, whose SSL_KEY_EXCHANGE asks
for it, AUTH tokens that admit by address made to admit 127.0.0.1) is in [cluster.md](cluster.md#stacks).

Made by \`tests/stack-matrix.sh\` on $(date -u +%Y-%m-%d) (versions: $(echo $versions)). \`ok\`: verified;
\`FAIL\`: see below; \`broken\`: the jar refuses its own XML (see below); \`defect\`: the members start but their jar
cannot carry the stack (see below); \`skip\`: see below; \`-\`: not shipped by that version. The CI subset (3.6.20,
4.2.30, 5.5.7, the stacks that pass; 4.1.10's \`asym-ssl.xml\`, for its TLSv1) is
\`tests/.../cluster/ShippedStacksTest\`.

EOF
  awk -F '\t' -v versions="$versions" '
    BEGIN { nv = split(versions, V, " ") }
    { key = $2 SUBSEP $1; cell[key] = ($3 == "ok" ? "ok" : $3 == "skip" ? "skip" : $3 == "broken" ? "broken" : $3 == "defect" ? "defect" : "FAIL"); if (!($2 in seen)) { seen[$2] = 1; S[++ns] = $2 } }
    END {
      # stacks sorted by name
      for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (S[j] < S[i]) { t = S[i]; S[i] = S[j]; S[j] = t }
      printf "| stack |"; for (j = 1; j <= nv; j++) printf " %s |", V[j]; print ""
      printf "| --- |"; for (j = 1; j <= nv; j++) printf " --- |"; print ""
      for (i = 1; i <= ns; i++) {
        printf "| `%s` |", S[i]
        for (j = 1; j <= nv; j++) { k = S[i] SUBSEP V[j]; printf " %s |", (k in cell ? cell[k] : "-") }
        print ""
      }
    }' "$results"
  echo
  echo "## Failures"
  echo
  echo "The first disagreement \`jgwire verify\` reports (with its counts), or why the cluster did not run."
  echo
  awk -F '\t' '$3 == "fail" { printf "- `%s` on %s: %s\n", $2, $1, $4 }' "$results" | sed 's/|/\\|/g' |
    sed 's/ \[JGroups [^]]*work dir [^]]*\]//'
  grep -q "$(printf '\tfail\t')" "$results" || echo "None."
  echo
  echo "## The jar refuses its own XML"
  echo
  echo "No member starts: the XML names a property or class its own jar does not have. Nothing goes on the wire."
  echo
  awk -F '\t' '$3 == "broken" { printf "- `%s` on %s: %s\n", $2, $1, $4 }' "$results" | sed 's/|/\\|/g' |
    sed 's/ \[JGroups [^]]*work dir [^]]*\]//'
  grep -q "$(printf '\tbroken\t')" "$results" || echo "None."
  echo
  echo "## The jar cannot carry its own stack"
  echo
  echo "The members start, but messages do not get through: a defect of the jar, on any JVM or on Java 17, shown by"
  echo "what the members log (the line quoted). jgwire reads the wire as the jar does: a frame the jar cannot read"
  echo "itself is an error record that says why."
  echo
  awk -F '\t' '$3 == "defect" { printf "- `%s` on %s: %s\n", $2, $1, $4 }' "$results" | sed 's/|/\\|/g' |
    sed 's/ \[JGroups [^]]*work dir [^]]*\]//'
  grep -q "$(printf '\tdefect\t')" "$results" || echo "None."
  echo
  echo "## Skipped"
  echo
  awk -F '\t' '$3 == "skip" { r[$2] = $4; v[$2] = v[$2] (v[$2] ? ", " : "") $1 }
    END { for (s in r) printf "- `%s` (%s): %s\n", s, v[s], r[s] }' "$results" | sort
} >"$doc"
echo "results in $results; written $doc" >&2
