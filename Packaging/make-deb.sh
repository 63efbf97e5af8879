#!/bin/sh
# make deb: builds build/pizza-split_VERSION_amd64.deb with dpkg-deb from exactly what `make install PREFIX=/usr`
# installs, plus what Debian asks of every package (copyright, changelog, md5sums). The binaries are stripped
# of their symbols, as dh_strip would; their library dependencies are computed by dpkg-shlibdeps.
# Runs lintian on the result when lintian is installed, and fails on any error or warning it reports.
set -eu
cd "$(dirname "$0")/.."
VERSION=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' $(grep -rl 'static let version = "' Sources) | head -n 1)
[ -n "$VERSION" ] || { echo "make-deb: no version found in the sources" >&2; exit 1; }
OUT=build/deb
STAGE=$OUT/debian/pizza-split
DEB=build/pizza-split_${VERSION}_amd64.deb
rm -rf "$OUT" "$DEB"
mkdir -p "$STAGE"
make --no-print-directory install DESTDIR="$PWD/$STAGE" PREFIX=/usr

DOC=$STAGE/usr/share/doc/pizza-split
install -Dm644 Packaging/copyright "$DOC/copyright"
sed "s/@VERSION@/$VERSION/" Packaging/changelog | gzip -9n > "$DOC/changelog.gz"
chmod 644 "$DOC/changelog.gz"
for binary in "$STAGE"/usr/bin/*; do
    strip --remove-section=.comment --remove-section=.note --strip-unneeded "$binary"
done

# dpkg-shlibdeps works in a source package's layout: debian/control (a minimal one) beside debian/pizza-split.
mkdir -p "$STAGE/DEBIAN"
printf 'Source: pizza-split\n\nPackage: pizza-split\nArchitecture: amd64\n' > "$OUT/debian/control"
DEPENDS=$(cd "$OUT" && dpkg-shlibdeps -O $(for binary in debian/pizza-split/usr/bin/*; do printf -- '-e%s ' "$binary"; done) \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$DEPENDS" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

(cd "$STAGE" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$STAGE/DEBIAN/md5sums"
SIZE=$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@SIZE@/$SIZE/" -e "s/@DEPENDS@/$DEPENDS/" Packaging/control.in > "$STAGE/DEBIAN/control"
chmod 644 "$STAGE/DEBIAN/control" "$STAGE/DEBIAN/md5sums"
find "$STAGE" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$DEB"

if command -v lintian >/dev/null; then
    lintian --fail-on error,warning "$DEB"
else
    echo "make-deb: lintian is not installed; the package was not linted"
fi
echo "make-deb: $DEB"
