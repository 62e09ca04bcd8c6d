#!/usr/bin/env bash
# Takes the viewer's screenshots in docs/images (docs/gui.md): the real window under Xvfb at 1280x800 on a sample
# capture. Needs xvfb (xvfb-run) and libgtk-3-0; builds the distribution and the gui's test classes first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
capture="${1:-$root/samples/5.5.7/udp-chat.pcapng}"
cd "$root"
mvn -B -q package -DskipTests >/dev/null
home="$root/cli/target/jgwire"
monocle=$(ls ~/.m2/repository/org/testfx/openjfx-monocle/*/openjfx-monocle-*.jar | head -n 1)
xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$home/lib/*:$monocle:$root/gui/target/test-classes" \
  org.jgwire.gui.tools.Screenshots "$home" "$capture" "$root/docs/images"
