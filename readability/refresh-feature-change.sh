#!/bin/sh
# Refreshes the feature-change patches (docs/feature-change*/*.patch) against the current
# sources: applies each patch to a scratch copy of the files it touches, needing only the changed
# lines and one line of context on each side to match (git apply -C1), and writes the diff again
# with full, current context. Run by ./readability/regenerate.sh. When the changed lines
# themselves no longer match, it stops: remake that part of the change by hand
# (docs/feature-change/README.md).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
for dir in docs/feature-change docs/feature-change-2; do
	for name in reactive loom shared; do
		patch="$root/$dir/$name.patch"
		scratch=$(mktemp -d)
		trap 'rm -rf "$scratch"' EXIT
		sed -n 's|^diff --git a/\(.*\) b/.*$|\1|p' "$patch" | while read -r file; do
			if [ -f "$file" ]; then
				mkdir -p "$scratch/$(dirname "$file")"
				cp "$file" "$scratch/$file"
			fi
		done
		(
			cd "$scratch"
			git init -q .
			git add -A
			if ! git apply -C1 "$patch"; then
				echo "$dir/$name.patch: the lines it changes no longer match the sources; remake it ($dir/README.md)" >&2
				exit 1
			fi
			git add -A -N
			git diff
		) > "$scratch.patch"
		if ! cmp -s "$scratch.patch" "$patch"; then
			mv "$scratch.patch" "$patch"
			echo "refreshed $dir/$name.patch"
		else
			rm -f "$scratch.patch"
		fi
		rm -rf "$scratch"
		trap - EXIT
	done
done
