#!/bin/sh
# The whole version x stock stack matrix: every bundled JGroups version on every stock stack (udp, tcp, tcp-nio,
# tunnel, encrypt, relay2) as a 2-member chat cluster on loopback, captured live, decoded and verified against its
# manifest (VersionStackMatrixTest with -Djgwire.matrix=all; CI runs the newest version of each API family only).
# About 15 minutes on 2 cores. Needs what the end-to-end tests need (README: capture rights and multicast on lo).
#
#   tests/version-matrix.sh
set -eu
cd "$(dirname "$0")/.."
exec mvn -B -q verify -pl tests -am -Dtest=VersionStackMatrixTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Djgwire.matrix=all
