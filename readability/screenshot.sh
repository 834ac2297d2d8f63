#!/bin/sh
# Takes docs/readability.png, the top of docs/readability.html as a browser shows it (the
# README shows it, since GitHub shows the page as source), with headless Chromium. Without
# Chromium it says so and leaves the committed screenshot as it is.
set -eu
cd "$(dirname "$0")/.."
browser=""
for candidate in chromium chromium-browser google-chrome; do
	if command -v "$candidate" >/dev/null 2>&1; then
		browser=$candidate
		break
	fi
done
if [ -z "$browser" ]; then
	echo "screenshot.sh: no Chromium found (apt-get install chromium); docs/readability.png left as it is" >&2
	exit 0
fi
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
	--window-size=1720,1000 --screenshot="$(pwd)/docs/readability.png" "file://$(pwd)/docs/readability.html" \
	>/dev/null 2>&1
echo "wrote docs/readability.png"
