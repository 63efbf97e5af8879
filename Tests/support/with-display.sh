#!/usr/bin/env bash
# Runs a command the way GTK's CI runs GUI tests: a private D-Bus session, a private Xvfb display,
# the cairo renderer, in-memory GSettings, a fresh XDG_RUNTIME_DIR and HOME, and GTK criticals fatal.
# Usage: Tests/support/with-display.sh COMMAND [ARGS...]
# Set KEEP_A11Y=1 to keep the accessibility bus (tests that read the AT-SPI tree); otherwise GTK_A11Y=none.
# PIZZA_SPLIT_REQUIRE_DISPLAY=1 tells the GUI suites that a missing display is a failure, not a skip.
# Several may run side by side (Tests/support/run-suites.py does): each has its own display, bus and folders.
# Xvfb's own messages go to XVFB_LOG if set, and are printed when it fails to start or dies under the command.
set -euo pipefail
scratch=$(mktemp -d /tmp/pizza-split-test.XXXXXX)
xvfb=""
cleanup() {
	if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
	if [ -n "${XVFB_LOG:-}" ] && [ -f "$scratch/xvfb.log" ]; then cp "$scratch/xvfb.log" "$XVFB_LOG"; fi
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
xvfb_failed() {
	echo "with-display.sh: $1. Xvfb said:" >&2
	tail -n 40 "$scratch/xvfb.log" | sed 's/^/  /' >&2
	exit 1
}
mkdir -m 700 "$scratch/runtime" "$scratch/home"
# -displayfd: Xvfb takes the first free display number itself and writes it once it accepts connections;
# xvfb-run -a chose one before starting Xvfb, so two suites starting together could choose the same.
# -noreset: by default Xvfb resets when its last client leaves and drops connections made meanwhile, so an app
# started right after another one ended (or after xdotool or xdpyinfo) failed "cannot open the display" (~6%).
# -ardelay 60000: a key is one press however late its release comes. At the default 660 ms, a test's xdotool
# descheduled between press and release on a busy machine makes the server repeat the key (Delete twice).
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp -noreset -ardelay 60000 \
	3>"$scratch/display" >"$scratch/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 300); do
	[ -s "$scratch/display" ] && break
	kill -0 "$xvfb" 2>/dev/null || { wait "$xvfb" || true; xvfb=""; xvfb_failed "Xvfb exited before it showed a display"; }
	sleep 0.05
done
[ -s "$scratch/display" ] || xvfb_failed "Xvfb showed no display within 15 seconds"
export DISPLAY=":$(head -n 1 "$scratch/display")"
export XDG_RUNTIME_DIR="$scratch/runtime" HOME="$scratch/home"
export XDG_DATA_HOME="$scratch/home/.local/share" XDG_CONFIG_HOME="$scratch/home/.config"
export XDG_STATE_HOME="$scratch/home/.local/state" XDG_CACHE_HOME="$scratch/home/.cache"
export GSK_RENDERER=cairo GDK_DEBUG=gl-disable GSETTINGS_BACKEND=memory GDK_BACKEND=x11
export G_DEBUG=fatal-criticals NO_AT_BRIDGE=1 PIZZA_SPLIT_REQUIRE_DISPLAY=1
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS XAUTHORITY
if [ "${KEEP_A11Y:-0}" = 1 ]; then unset GTK_A11Y NO_AT_BRIDGE; else export GTK_A11Y=none; fi
# Not exec: the EXIT trap must run after the command to stop Xvfb and remove the scratch folder.
status=0
dbus-run-session -- "$@" || status=$?
kill -0 "$xvfb" 2>/dev/null || xvfb_failed "the display went away under the command (exit $status)"
exit "$status"
