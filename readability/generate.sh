#!/bin/sh
# The quick part of ./readability/regenerate.sh: everything but capturing the stack traces
# again (refreshes the feature-change patches, writes the page, the findings and the README's
# readability section, takes the screenshot).
exec "$(dirname "$0")/regenerate.sh" --skip-traces
