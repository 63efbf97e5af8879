# Pizza Split. `make run` builds and starts the app; `make test` builds and passes every test.
# Both install the Debian packages they need (as root) when they are missing.

SWIFT ?= swift
PREFIX ?= /usr/local
# make install builds a release binary; the install test uses the debug build it already has.
BUILD_FLAGS ?=
FUZZ_SECONDS ?= 60
PYTHON := /usr/bin/python3
WITH_DISPLAY := Tests/support/with-display.sh
# The test targets are never named here: Tests/support/test-targets.py reads them from Package.swift and sorts
# them into headless and GUI (those that reach GTK). Each recipe asks it for a `swift test --filter` pattern.
TEST_TARGETS := $(PYTHON) Tests/support/test-targets.py
# Under make, a GUI suite that finds no display fails instead of skipping.
GUI_ENV := PIZZA_SPLIT_REQUIRE_DISPLAY=1

RUN_PACKAGES := libgtk-4-dev pkg-config
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool imagemagick x11-utils dbus dbus-x11 at-spi2-core \
	python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 tesseract-ocr tesseract-ocr-eng fonts-dejavu-core procps gsettings-desktop-schemas \
	appstream desktop-file-utils man-db groff-base
BENCH_PACKAGES := $(TEST_PACKAGES) libjson-glib-dev gcc valgrind

.PHONY: all build run demo test test-headless test-gui test-blackbox test-metadata deps-run deps-test deps-bench \
	release startup-order install deb check-install-debian clean bench bench-model test-asan fuzz soak

all: build

# Installs the packages named in $(1) that dpkg does not list as installed.
define ensure_packages
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		if [ "$$(id -u)" != 0 ]; then echo "Run as root, or install them yourself: apt-get install$$missing" >&2; exit 1; fi; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps-run:
	$(call ensure_packages,$(RUN_PACKAGES))
deps-test:
	$(call ensure_packages,$(TEST_PACKAGES))
deps-bench:
	$(call ensure_packages,$(BENCH_PACKAGES))

build: deps-run
	$(SWIFT) build $(BUILD_FLAGS) --product pizza-split

run: build
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		echo "make run: no display (DISPLAY is unset). Run it in a desktop session, or try 'make demo' for screenshots under Xvfb." >&2; exit 1; fi
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/pizza-split

demo: build deps-test
	$(SWIFT) build $(BUILD_FLAGS) --product split-demos
	mkdir -p build/screenshots
	KEEP_A11Y=1 $(WITH_DISPLAY) $(PYTHON) Tests/support/demo.py build/screenshots

test: deps-test
	$(TEST_TARGETS) check
	$(SWIFT) build --build-tests
	$(MAKE) test-headless test-gui test-blackbox test-metadata

test-headless:
	filter=$$($(TEST_TARGETS) headless) && $(SWIFT) test --skip-build --filter "$$filter"

test-gui:
	filter=$$($(TEST_TARGETS) gui) && $(GUI_ENV) $(WITH_DISPLAY) $(SWIFT) test --skip-build --filter "$$filter"

test-blackbox:
	$(SWIFT) build --product pizza-split
	$(SWIFT) build --product split-demos
	KEEP_A11Y=1 $(WITH_DISPLAY) $(PYTHON) Tests/BlackBox/run.py Tests/BlackBox 'test_*.py'

# The files that describe the app to the desktop, software centres and man: validated, and checked against the
# binaries' own --help and --version.
test-metadata:
	$(SWIFT) build --product pizza-split
	$(SWIFT) build --product split-demos
	PIZZA_SPLIT_BIN_DIR=$$($(SWIFT) build --show-bin-path) $(PYTHON) Tests/BlackBox/run.py Tests/Metadata 'test_*.py'

# The release build: the Swift runtime linked in statically, so the binary needs only GTK and the C and C++
# libraries of the system. `make install` installs it, and `make bench` measures this same binary. It is
# linked by lld with the functions that start-up runs placed first and together (STARTUP_ORDER, from
# `make startup-order`), and with packed relative relocations (glibc 2.36, Debian 12); both shrink the pages
# that start-up touches. The app's own functions get a section each (`-function-sections`), or the order could
# only move whole source files. Its own build folder keeps these flags from rebuilding everyday release builds.
STARTUP_ORDER := Benchmarks/startup.order
RELEASE_FLAGS := -c release --static-swift-stdlib --scratch-path .build-release -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -z -Xlinker pack-relative-relocs
RELEASE_BIN_DIR = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)

release: deps-run
	$(SWIFT) build $(RELEASE_FLAGS) --product pizza-split

# Profiles the release binary's start-up (callgrind, Xvfb) and writes STARTUP_ORDER; the next release relinks.
startup-order: release deps-bench
	$(PYTHON) Benchmarks/startup_order.py "$(RELEASE_BIN_DIR)/pizza-split" $(STARTUP_ORDER)
	rm -f "$(RELEASE_BIN_DIR)/pizza-split"

# Man pages are compressed, as Debian installs them; the default menu's path in pizza-split.1 follows PREFIX.
MAN1 := $(DESTDIR)$(PREFIX)/share/man/man1
install: release
	$(SWIFT) build $(RELEASE_FLAGS) --product split-demos
	install -Dm755 "$(RELEASE_BIN_DIR)/pizza-split" "$(DESTDIR)$(PREFIX)/bin/pizza-split"
	install -Dm755 "$(RELEASE_BIN_DIR)/split-demos" "$(DESTDIR)$(PREFIX)/bin/split-demos"
	install -Dm644 Resources/io.github.pizzasplit.PizzaSplit.desktop "$(DESTDIR)$(PREFIX)/share/applications/io.github.pizzasplit.PizzaSplit.desktop"
	install -Dm644 Resources/io.github.pizzasplit.PizzaSplit.metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/io.github.pizzasplit.PizzaSplit.metainfo.xml"
	install -d "$(MAN1)"
	sed 's|/usr/share/pizza|$(PREFIX)/share/pizza|' Resources/man/pizza-split.1 | gzip -9n > "$(MAN1)/pizza-split.1.gz"
	gzip -9n < Resources/man/split-demos.1 > "$(MAN1)/split-demos.1.gz"
	chmod 644 "$(MAN1)/pizza-split.1.gz" "$(MAN1)/split-demos.1.gz"
	install -Dm644 Resources/io.github.pizzasplit.PizzaSplit.svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/io.github.pizzasplit.PizzaSplit.svg"
	install -Dm644 Resources/default-menu.json "$(DESTDIR)$(PREFIX)/share/pizza-split/default-menu.json"

# The Debian package build/pizza-split_VERSION_amd64.deb, from what `make install PREFIX=/usr` installs (lintian
# checks it when installed).
deb: deps-run
	$(call ensure_packages,dpkg-dev binutils)
	Packaging/make-deb.sh

# Installs into a fresh Debian 12 chroot with only GTK and starts the app there (root, debootstrap, network).
check-install-debian: deb deps-test
	$(call ensure_packages,debootstrap)
	Benchmarks/check-install-debian.sh

clean:
	rm -rf .build .build-asan .build-tsan .build-release build

# AddressSanitizer over every suite (GTK's own one-time allocations are not leaks worth failing on), and
# ThreadSanitizer over the code that runs off the main thread (the model, under parallel Swift Testing).
test-asan: deps-test
	$(TEST_TARGETS) check
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	filter=$$($(TEST_TARGETS) headless) && ASAN_OPTIONS=detect_leaks=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter "$$filter"
	filter=$$($(TEST_TARGETS) gui) && ASAN_OPTIONS=detect_leaks=0 $(GUI_ENV) $(WITH_DISPLAY) \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter "$$filter"
	filter=$$($(TEST_TARGETS) headless) && $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter "$$filter"

fuzz: deps-run
	SECONDS_TO_FUZZ=$(FUZZ_SECONDS) Fuzz/fuzz.sh

soak: deps-test
	$(SWIFT) build --product pizza-split
	$(WITH_DISPLAY) $(PYTHON) Tests/Soak/soak.py

bench: deps-bench release
	$(SWIFT) build $(RELEASE_FLAGS) --product bench-model
	PIZZA_SPLIT="$(RELEASE_BIN_DIR)/pizza-split" BENCH_MODEL="$(RELEASE_BIN_DIR)/bench-model" \
		dbus-run-session -- $(PYTHON) Benchmarks/bench.py

bench-model: deps-run
	$(SWIFT) build -c release --product bench-model
	$$($(SWIFT) build -c release --show-bin-path)/bench-model
