#!/bin/sh
# Renders an SVG written by `backoff --format svg` to a PNG with headless Chromium,
# to check that a browser draws it as intended (look at the PNG).
#   scripts/render-svg.sh [file.svg] [out.png]
# Without a file, renders `backoff --base 1s --cap 30s --attempts 10 --format svg`
# (from dist/, so run `npm run build` first). The PNG goes outside the repository.
# Needs Debian's `chromium` package (apt-get install -y chromium).
set -eu
svg="${1:-}"
png="${2:-${TMPDIR:-/tmp}/backoff-chart.png}"
if [ -z "$svg" ]; then
  svg="$(mktemp "${TMPDIR:-/tmp}/backoff-XXXXXX.svg")"
  node "$(dirname "$0")/../bin/backoff.js" --base 1s --cap 30s --attempts 10 --format svg > "$svg"
fi
case "$svg" in /*) ;; *) svg="$(pwd)/$svg" ;; esac
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --screenshot="$png" --window-size=900,560 \
  "file://$svg" >/dev/null 2>&1
echo "$png"
