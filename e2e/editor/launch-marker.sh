#!/bin/sh
# The program the browser tests' editor would launch to open a file (LAUNCH_EDITOR): it only leaves a mark, which
# the tests check is never there.
echo "$@" >> test-results/editor-launched
