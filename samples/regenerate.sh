#!/bin/sh
# Regenerates the sample captures: real 3-member JGroups clusters on loopback, captured live on lo.
# Needs: root (or CAP_NET_RAW+CAP_NET_ADMIN on java), multicast on lo (ip link set lo multicast on), and the
# distribution built at cli/target/jgwire (mvn -B -q package -DskipTests at the repository root).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
home=${JGWIRE_HOME:-$root/cli/target/jgwire}
[ -d "$home/lib" ] || { echo "no distribution at $home: run 'mvn -B -q package -DskipTests' in $root" >&2; exit 1; }
exec java -cp "$home/lib/*" "$here/RegenerateSamples.java" "$here" "$home"
