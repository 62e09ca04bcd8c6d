#!/usr/bin/env bash
# Fuzzes jgwire's input handling with Jazzer, one @FuzzTest after the other, each for SECONDS (default 180), all
# targets or those named:
#
#   tests/fuzz.sh [SECONDS] [Class#method ...]
#
# The targets live in tests/src/test/java/org/jgwire/tests/fuzz. A plain `mvn verify` fuzzes each for a short time
# (the `fuzz` profile in tests/pom.xml); `mvn test -Dtest=...` runs each over its committed inputs only
# (src/test/resources/org/jgwire/tests/fuzz/<Class>Inputs/<method>/). This script first writes seeds cut from
# samples/ into the corpus Jazzer fuzzes from, then fuzzes. Corpus and findings stay under tests/target/fuzz, so the
# checkout stays clean. A finding is written as tests/target/fuzz/crash-<hash>: fix it, move the file to the inputs
# folder above under a name that says what it holds (it then runs in every `mvn test`), and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=180
if [[ ${1:-} =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(CaptureReadersFuzzTest#pcapReader CaptureReadersFuzzTest#pcapngReader CaptureReadersFuzzTest#hexLines
    CaptureReadersFuzzTest#followTcp StreamsFuzzTest#streamFramer StreamsFuzzTest#tcpReassembly
    FrameDecodeFuzzTest#frame FrameDecodeFuzzTest#capture UserInputFuzzTest#filter UserInputFuzzTest#keystore
    UserInputFuzzTest#keyLog)
fi
# -Dtest turns the profile that fuzzes every target briefly off
mvn=(mvn -B -o -q -Dspotless.check.skip=true -Dsurefire.failIfNoSpecifiedTests=false)
dir=$PWD/tests/target/fuzz

# build once (the distribution the decode targets load their jars from included), and write the seeds
"${mvn[@]}" verify -pl tests -am -Dtest='CaptureReadersFuzzTest,StreamsFuzzTest,FrameDecodeFuzzTest,UserInputFuzzTest' \
  -Djgwire.fuzz.seeds="$dir/.cifuzz-corpus"

failed=0
for t in "${targets[@]}"; do
  echo "== $t: ${seconds}s"
  # Jazzer instruments only class folders on its own (ours come as jars); the last libFuzzer arguments
  # (jazzer.internal.arg.N, the first one standing for argv[0]) win over @FuzzTest's maxDuration.
  if ! JAZZER_FUZZ=1 "${mvn[@]}" test -pl tests -am -Dtest="$t" '-Djazzer.instrumentation_includes=org.jgwire.**' \
      -Djazzer.internal.basedir="$dir" -Djazzer.internal.arg.0=jgwire-fuzz \
      -Djazzer.internal.arg.1=-max_total_time="$seconds" -Djazzer.internal.arg.2=-artifact_prefix="$dir/"; then
    echo "== $t: finding ($dir/crash-*)"
    failed=1
  fi
done
exit $failed
