#!/bin/sh
# make check-install-debian: installs the Debian package from `make deb` with apt into a fresh Debian 12 chroot
# (debootstrap, minbase), so that apt brings in what its Depends name and nothing else. There it checks that the
# binary names no missing library and no Swift library, prints its version, maps its window on a private Xvfb in
# German, and then purges the package and the libraries it pulled in, and checks that none of its files is left.
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
DEB=$(ls build/pizza-split_*_amd64.deb)
cp "$DEB" "$ROOT/tmp/pizza-split.deb"
# The session bus for the app, and the German locale; neither is the package's to depend on.
chroot "$ROOT" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dbus-x11 locales >/dev/null'
chroot "$ROOT" localedef -i de_DE -f UTF-8 de_DE.UTF-8
if chroot "$ROOT" dpkg-query -W -f='${Status}\n' libgtk-4-1 2>/dev/null | grep -q "install ok installed"; then
    echo "check-install-debian: GTK is in the chroot before the package, so its dependencies prove nothing" >&2; exit 1
fi
chroot "$ROOT" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/pizza-split.deb >/dev/null'
chroot "$ROOT" dpkg-query -L pizza-split > build/pizza-split.files

BIN=/usr/bin/pizza-split
if chroot "$ROOT" ldd "$BIN" | grep -E 'not found|swift'; then
    echo "check-install-debian: the installed binary needs a library the chroot does not have" >&2; exit 1
fi
[ ! -e "$ROOT/opt/swift" ] && ! chroot "$ROOT" sh -c 'ldconfig -p | grep -qi swift' || {
    echo "check-install-debian: the chroot has a Swift toolchain, so it proves nothing" >&2; exit 1; }
chroot "$ROOT" "$BIN" --version
# The catalogues are installed and found: in German, the demos' help is not the English one.
english=$(chroot "$ROOT" env -i LANG=C split-demos --help)
german=$(chroot "$ROOT" env -i LANGUAGE=de LANG=de_DE.UTF-8 split-demos --help)
case "$german" in
    Aufruf:*) ;;
    *) echo "check-install-debian: split-demos --help is not in German:" >&2; echo "$german" >&2; exit 1 ;;
esac
[ "$german" != "$english" ]

Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
XVFB=$!
mount --bind /tmp/.X11-unix "$ROOT/tmp/.X11-unix"
tries=0
until [ -S "/tmp/.X11-unix/X$DISPLAY_NUMBER" ]; do
    tries=$((tries + 1)); [ $tries -gt 100 ] && { echo "check-install-debian: Xvfb did not start" >&2; exit 1; }
    sleep 0.1
done
# In a session of its own, so that the cleanup ends the app and its D-Bus daemon together.
setsid chroot "$ROOT" env -i HOME=/root PATH=/usr/bin:/bin DISPLAY=":$DISPLAY_NUMBER" GTK_A11Y=none LANGUAGE=de LANG=de_DE.UTF-8 \
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
kill -- "-$APP"; wait "$APP" 2>/dev/null || true
APP=

chroot "$ROOT" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq pizza-split >/dev/null && apt-get autoremove --purge -y -qq >/dev/null'
if chroot "$ROOT" dpkg-query -W -f='${Status}\n' pizza-split 2>/dev/null | grep -q "installed"; then
    echo "check-install-debian: pizza-split is still installed after apt-get purge" >&2; exit 1
fi
left=$(while read -r path; do [ -f "$ROOT$path" ] && echo "$path"; done < build/pizza-split.files || true)
[ -z "$left" ] || { echo "check-install-debian: apt-get purge left these files:" >&2; echo "$left" >&2; exit 1; }
if chroot "$ROOT" dpkg-query -W -f='${Status}\n' libgtk-4-1 2>/dev/null | grep -q "install ok installed"; then
    echo "check-install-debian: apt-get autoremove kept GTK, which only pizza-split needed" >&2; exit 1
fi
echo "check-install-debian: the package installs with apt on Debian 12, runs in German, and purges cleanly"
