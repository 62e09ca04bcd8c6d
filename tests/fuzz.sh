#!/usr/bin/env bash
# Fuzzes jgwire's input handling with Jazzer, one @FuzzTest after the other, each for its maxDuration (libFuzzer's
# -max_total_time: Invariants.FUZZ_TIME, 3 minutes), all targets or those named:
#
#   tests/fuzz.sh [Class#method ...]
#
# The targets live in tests/src/test/java/org/jgwire/tests/fuzz. A plain `mvn test` runs each over its committed
# inputs only (src/test/resources/org/jgwire/tests/fuzz/<Class>Inputs/<method>/); this script first writes seeds
# cut from samples/ into the corpus folder Jazzer fuzzes from (tests/.cifuzz-corpus, not committed), then fuzzes.
# A finding is written as tests/crash-<hash>: fix it, move the file to the inputs folder above under a name that says
# what it holds (it then runs in every `mvn test`), and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(CaptureReadersFuzzTest#pcapReader CaptureReadersFuzzTest#pcapngReader CaptureReadersFuzzTest#hexLines
    CaptureReadersFuzzTest#followTcp StreamsFuzzTest#streamFramer StreamsFuzzTest#tcpReassembly
    FrameDecodeFuzzTest#frame FrameDecodeFuzzTest#capture)
fi
mvn=(mvn -B -o -q -Dspotless.check.skip=true -Dsurefire.failIfNoSpecifiedTests=false)
corpus=$PWD/tests/.cifuzz-corpus

# build once (the distribution the decode targets load their jars from included), and write the seeds
"${mvn[@]}" verify -pl tests -am -Dtest='CaptureReadersFuzzTest,StreamsFuzzTest,FrameDecodeFuzzTest' \
  -Djgwire.fuzz.seeds="$corpus"

failed=0
for t in "${targets[@]}"; do
  echo "== $t"
  # coverage of jgwire's own classes (Jazzer instruments only class folders on its own: ours come as jars)
  if ! JAZZER_FUZZ=1 "${mvn[@]}" verify -pl tests -am -Dtest="$t" \
      '-Djazzer.instrumentation_includes=org.jgwire.**'; then
    echo "== $t: finding (tests/crash-*)"
    failed=1
  fi
done
exit $failed
