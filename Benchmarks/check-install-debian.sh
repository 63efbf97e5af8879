#!/bin/sh
# make check-install-debian: installs the release build (`make install DESTDIR=...`) into a fresh Debian 12
# chroot that has nothing but GTK 4 (libgtk-4-1) and a D-Bus session bus, then checks there that the binary
# names no missing library and no Swift library, prints its version, and maps its window on a private Xvfb.
# Needs root, debootstrap and the Debian mirror; the chroot is kept in build/debian12-chroot for the next run.
set -eu
cd "$(dirname "$0")/.."
ROOT=${CHROOT:-$PWD/build/debian12-chroot}
DISPLAY_NUMBER=${DISPLAY_NUMBER:-187}

if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
    mkdir -p "$ROOT"
    debootstrap --variant=minbase bookworm "$ROOT" http://deb.debian.org/debian
fi
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
mkdir -p "$ROOT/tmp/.X11-unix"
cleanup() {
    [ -n "${APP:-}" ] && kill -- "-$APP" 2>/dev/null || true
    [ -n "${XVFB:-}" ] && kill "$XVFB" 2>/dev/null || true
    mountpoint -q "$ROOT/tmp/.X11-unix" && umount "$ROOT/tmp/.X11-unix" || true
    mountpoint -q "$ROOT/proc" && umount "$ROOT/proc" || true
}
trap cleanup EXIT INT TERM
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
chroot "$ROOT" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libgtk-4-1 dbus-x11 >/dev/null'
make install DESTDIR="$ROOT" PREFIX=/usr/local

BIN=/usr/local/bin/pizza-split
if chroot "$ROOT" ldd "$BIN" | grep -E 'not found|swift'; then
    echo "check-install-debian: the installed binary needs a library the chroot does not have" >&2; exit 1
fi
[ ! -e "$ROOT/opt/swift" ] && ! chroot "$ROOT" sh -c 'ldconfig -p | grep -qi swift' || {
    echo "check-install-debian: the chroot has a Swift toolchain, so it proves nothing" >&2; exit 1; }
chroot "$ROOT" "$BIN" --version

Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
XVFB=$!
mount --bind /tmp/.X11-unix "$ROOT/tmp/.X11-unix"
tries=0
until [ -S "/tmp/.X11-unix/X$DISPLAY_NUMBER" ]; do
    tries=$((tries + 1)); [ $tries -gt 100 ] && { echo "check-install-debian: Xvfb did not start" >&2; exit 1; }
    sleep 0.1
done
# In a session of its own, so that the cleanup ends the app and its D-Bus daemon together.
setsid chroot "$ROOT" env -i HOME=/root PATH=/usr/bin:/bin DISPLAY=":$DISPLAY_NUMBER" GTK_A11Y=none \
    dbus-run-session -- sh -c "exec $BIN >/tmp/pizza-split.log 2>&1" >/dev/null 2>&1 &
APP=$!
tries=0
until DISPLAY=":$DISPLAY_NUMBER" xwininfo -root -tree 2>/dev/null | grep -q '"Pizza Split"'; do
    tries=$((tries + 1))
    if [ $tries -gt 300 ]; then
        echo "check-install-debian: no Pizza Split window after 30 s; the app said:" >&2
        cat "$ROOT/tmp/pizza-split.log" >&2; exit 1
    fi
    sleep 0.1
done
# GTK may say that it fell back from GL (the chroot has no libEGL); a warning or a runtime error fails.
cat "$ROOT/tmp/pizza-split.log"
if grep -E 'CRITICAL|WARNING|Fatal error|error:' "$ROOT/tmp/pizza-split.log" >/dev/null; then
    echo "check-install-debian: the app reported a problem (above)" >&2; exit 1
fi
echo "check-install-debian: the installed pizza-split runs on Debian 12 with only libgtk-4-1 and dbus-x11"
