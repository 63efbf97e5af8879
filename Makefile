# Pizza Split. `make run` builds and starts the app; `make test` builds and passes every test.
# Both install the Debian packages they need (as root) when they are missing.

SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_FLAGS ?=
FUZZ_SECONDS ?= 60
PYTHON := /usr/bin/python3
WITH_DISPLAY := Tests/support/with-display.sh

RUN_PACKAGES := libgtk-4-dev pkg-config
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool imagemagick x11-utils dbus dbus-x11 at-spi2-core \
	python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 tesseract-ocr tesseract-ocr-eng fonts-dejavu-core procps gsettings-desktop-schemas
BENCH_PACKAGES := $(TEST_PACKAGES) libjson-glib-dev gcc valgrind

.PHONY: all build run demo test test-headless test-gui test-blackbox deps-run deps-test deps-bench \
	install clean bench bench-model test-asan fuzz soak

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
	$(WITH_DISPLAY) $(PYTHON) Tests/support/demo.py build/screenshots

test: deps-test
	$(SWIFT) build --build-tests
	$(MAKE) test-headless test-gui test-blackbox

test-headless:
	$(SWIFT) test --skip-build --filter 'PizzaModelTests|SplitNavigationTests|SplitDemosModelTests'

test-gui:
	$(WITH_DISPLAY) $(SWIFT) test --skip-build --filter 'GtkTests|SplitViewTests'

test-blackbox:
	$(SWIFT) build --product pizza-split
	$(SWIFT) build --product split-demos
	$(WITH_DISPLAY) $(PYTHON) Tests/BlackBox/run.py Tests/BlackBox 'test_[!a]*.py'
	KEEP_A11Y=1 $(WITH_DISPLAY) $(PYTHON) Tests/BlackBox/run.py Tests/BlackBox 'test_accessibility.py'

install: deps-run
	$(SWIFT) build -c release --product pizza-split
	install -Dm755 "$$($(SWIFT) build -c release --show-bin-path)/pizza-split" "$(DESTDIR)$(PREFIX)/bin/pizza-split"
	install -Dm644 Resources/io.github.pizzasplit.PizzaSplit.desktop "$(DESTDIR)$(PREFIX)/share/applications/io.github.pizzasplit.PizzaSplit.desktop"
	install -Dm644 Resources/io.github.pizzasplit.PizzaSplit.svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/io.github.pizzasplit.PizzaSplit.svg"
	install -Dm644 Resources/default-menu.json "$(DESTDIR)$(PREFIX)/share/pizza-split/default-menu.json"

clean:
	rm -rf .build .build-asan .build-tsan build

# AddressSanitizer over every suite (GTK's own one-time allocations are not leaks worth failing on), and
# ThreadSanitizer over the code that runs off the main thread (the model, under parallel Swift Testing).
test-asan: deps-test
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan \
		--filter 'PizzaModelTests|SplitNavigationTests|SplitDemosModelTests'
	ASAN_OPTIONS=detect_leaks=0 $(WITH_DISPLAY) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan \
		--filter 'GtkTests|SplitViewTests'
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'PizzaModelTests|SplitNavigationTests|SplitDemosModelTests'

fuzz: deps-run
	SECONDS_TO_FUZZ=$(FUZZ_SECONDS) Fuzz/fuzz.sh

soak: deps-test
	$(SWIFT) build --product pizza-split
	$(WITH_DISPLAY) $(PYTHON) Tests/Soak/soak.py

bench: deps-bench
	dbus-run-session -- $(PYTHON) Benchmarks/bench.py

bench-model: deps-run
	$(SWIFT) build -c release --product bench-model
	$$($(SWIFT) build -c release --show-bin-path)/bench-model
