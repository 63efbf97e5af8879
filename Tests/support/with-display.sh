#!/usr/bin/env bash
# Runs a command the way GTK's CI runs GUI tests: a private D-Bus session, a private Xvfb display,
# the cairo renderer, in-memory GSettings, a fresh XDG_RUNTIME_DIR and HOME, and GTK criticals fatal.
# Usage: Tests/support/with-display.sh COMMAND [ARGS...]
# Set KEEP_A11Y=1 to keep the accessibility bus (tests that read the AT-SPI tree); otherwise GTK_A11Y=none.
# PIZZA_SPLIT_REQUIRE_DISPLAY=1 tells the GUI suites that a missing display is a failure, not a skip.
set -euo pipefail
scratch=$(mktemp -d /tmp/pizza-split-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -m 700 "$scratch/runtime" "$scratch/home"
export XDG_RUNTIME_DIR="$scratch/runtime" HOME="$scratch/home"
export XDG_DATA_HOME="$scratch/home/.local/share" XDG_CONFIG_HOME="$scratch/home/.config"
export XDG_STATE_HOME="$scratch/home/.local/state" XDG_CACHE_HOME="$scratch/home/.cache"
export GSK_RENDERER=cairo GDK_DEBUG=gl-disable GSETTINGS_BACKEND=memory GDK_BACKEND=x11
export G_DEBUG=fatal-criticals NO_AT_BRIDGE=1 PIZZA_SPLIT_REQUIRE_DISPLAY=1
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS
if [ "${KEEP_A11Y:-0}" = 1 ]; then unset GTK_A11Y NO_AT_BRIDGE; else export GTK_A11Y=none; fi
# -noreset: by default Xvfb resets when its last client leaves and drops connections made meanwhile, so an app
# started right after another one ended (or after xdotool or xdpyinfo) failed "cannot open the display" (~6%).
# -ardelay 60000: a key is one press however late its release comes. At the default 660 ms, a test's xdotool
# descheduled between press and release on a busy machine makes the server repeat the key (Delete twice).
# Not exec: the EXIT trap must run after the command to remove the scratch folder.
status=0
dbus-run-session -- xvfb-run -a -e "${XVFB_LOG:-/dev/null}" -s "-screen 0 1600x1000x24 -nolisten tcp -noreset -ardelay 60000" "$@" || status=$?
exit "$status"
