#!/bin/sh
# Kept for the commands that name it: captures the stack traces again and regenerates
# everything else, as ./readability/regenerate.sh does.
exec "$(dirname "$0")/regenerate.sh"
