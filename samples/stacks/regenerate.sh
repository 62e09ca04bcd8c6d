#!/bin/sh
# Makes the chat sample of each stack file here (3 members, JGroups 5.5.7) and verifies it; a sample whose capture
# does not verify is not kept. Needs capture rights and multicast on lo (docs/cluster.md).
#   samples/stacks/regenerate.sh [STACK.xml ...]     (default: every stack file here)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
jgwire="$here/../../jgwire"
version=5.5.7
mkdir -p "$here/$version"
cd "$here"
[ $# -gt 0 ] || set -- *.xml
for xml in "$@"; do
  name=$(basename "$xml" .xml)
  out="$version/$name-chat.pcapng"
  "$jgwire" cluster --jgroups-version "$version" --stack "$xml" --nodes 3 --scenario chat --capture "$out"
  if "$jgwire" verify "$out"; then
    echo "kept $out"
  else
    rm -f "$out" "$version/$name-chat.json"
    echo "removed $out: it does not verify (see docs/stack-matrix.md)" >&2
  fi
done
