#!/bin/sh
# Regenerates the sample library: every sample's cluster run again and captured live on lo, its golden decode, and
# the table in samples/README.md. Same as './jgwire samples regenerate' (options: --only, --parallel, --attempts,
# --timeout; see --help). Needs root (or CAP_NET_RAW+CAP_NET_ADMIN on java) and multicast on lo
# (ip link set lo multicast on). Only the golden decodes, from the committed captures: ./jgwire samples golden
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
exec "$root/jgwire" samples regenerate --samples "$root/samples" "$@"
