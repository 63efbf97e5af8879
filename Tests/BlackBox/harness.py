"""Drives the real pizza-split binary from outside, as a person would: X input events through xdotool,
screenshots through ImageMagick's import, and exact text through the AT-SPI tree (pyatspi).

Each test runs inside Tests/support/with-display.sh, so DISPLAY, HOME and the XDG folders are private.
Text (names, prices, the detail's lines, banners, dialogs) is read exactly through AT-SPI. Pixels and OCR prove
only what pixels can: that something is painted, and where. The apps started here draw with the suite's own
font configuration (Tests/support/fonts.conf), so the fonts a machine has do not change what OCR reads.
At the end of every test the harness checks each app's exit status and standard error (see AppTestCase).
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, "build", "test-screenshots")
BINARY = os.environ.get("PIZZA_SPLIT_BINARY", os.path.join(ROOT, ".build", "debug", "pizza-split"))
FONTCONFIG_FILE = os.path.join(ROOT, "Tests", "support", "fonts.conf")

# A line of standard error that fails a test unless the test expects it: GLib/GTK warnings and criticals,
# Swift runtime errors (fatal errors, failed preconditions, force-unwraps, overflows) and signals.
TROUBLE = re.compile(r"CRITICAL|WARNING|Gtk-|GLib-|Gdk-|Gsk-|Pango-|Fatal error|fatal error|Precondition failed|"
                     r"Assertion failed|Unexpectedly found nil|Swift runtime|Illegal instruction|Segmentation fault|"
                     r"Aborted|AddressSanitizer")


# The header bars' height in window pixels (GTK's default theme, the suite's fonts).
HEADER_BAR_HEIGHT = 50
# Tesseract's OpenMP threads spin while they wait for work: on two busy processors they cost twice the CPU of one
# thread and take longer. One thread per OCR pass, here and in every suite run-suites.py starts.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
# What OCR read in each window image seen, by the SHA-1 of its pixels: a wait that polls an unchanged window
# reads it once (tesseract's three passes are most of a black-box test's CPU time).
_WORDS_SEEN = {}


def xdotool(*args, check=True):
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=60)
    if check and result.returncode != 0:
        raise AssertionError(f"xdotool {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout.strip()


# Every timeout is multiplied by this: Tests/support/run-suites.py runs several suites on the same processors, and
# a wait that a quiet machine ends in one second can then take several. A passing wait ends when its condition holds.
TIMEOUT_SCALE = float(os.environ.get("PIZZA_SPLIT_TIMEOUT_SCALE", "1"))


def wait_for(condition, timeout=10.0, interval=0.05, message="condition"):
    timeout *= TIMEOUT_SCALE
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


def stays(condition, seconds=2.0, interval=0.05, message="condition"):
    """Fails the moment `condition` stops holding within `seconds`: for proving that something did not happen.
    The app reacts to a key within a frame and saves on another thread right after, which a loaded machine can
    delay by a second; one look straight away (or after a fixed pause) could come before a wrong reaction."""
    deadline = time.monotonic() + seconds
    while True:
        if not condition():
            raise AssertionError(f"{message} stopped holding")
        if time.monotonic() >= deadline:
            return
        time.sleep(interval)


def file_version(path):
    """What changes whenever the app saves `path` (a new file is renamed over it), or None while it is not there."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return status.st_ino, status.st_mtime_ns, status.st_size


def held_keys():
    """The names of the keys the X server holds down (XQueryKeymap). A test that kills xdotool between a key's
    press and release leaves it held, and every later test then types with it (Ctrl held: "Veggie" is shortcuts)."""
    import ctypes
    import ctypes.util
    xlib = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XKeycodeToKeysym.restype = ctypes.c_ulong
    xlib.XKeycodeToKeysym.argtypes = [ctypes.c_void_p, ctypes.c_ubyte, ctypes.c_int]
    xlib.XKeysymToString.restype = ctypes.c_char_p
    xlib.XQueryKeymap.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        raise AssertionError("cannot open the display to read which keys are held")
    bits = ctypes.create_string_buffer(32)
    xlib.XQueryKeymap(display, bits)
    codes = [index * 8 + bit for index, byte in enumerate(bits.raw) for bit in range(8) if byte >> bit & 1]
    names = [(xlib.XKeysymToString(xlib.XKeycodeToKeysym(display, code, 0)) or b"").decode() or str(code)
             for code in codes]
    xlib.XCloseDisplay(display)
    return names


def focused_window():
    return xdotool("getwindowfocus", check=False)


class _CapturedOutput:
    """A child's stdout or stderr, kept in a file so that a chatty app never blocks on a full pipe.
    `read()` returns everything written so far (what `Popen.stderr.read()` returned once the app was gone)."""

    def __init__(self, prefix):
        self.file = tempfile.TemporaryFile(mode="w+", prefix=prefix)

    def read(self):
        self.file.seek(0)
        return self.file.read()

    def close(self):
        pass


class App:
    """One running pizza-split process with a private data folder."""

    title_text = "Pizza Split"

    def __init__(self, home, args=(), env=None):
        self.home = home
        environment = dict(os.environ)
        environment["XDG_DATA_HOME"] = os.path.join(home, "data")
        environment["XDG_STATE_HOME"] = os.path.join(home, "state")
        environment["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        environment.update(env or {})
        self.start([BINARY, *args], environment, fontconfig=(env or {}).get("FONTCONFIG_FILE", FONTCONFIG_FILE))

    def start(self, argv, environment, fontconfig=FONTCONFIG_FILE):
        """Starts `argv` with the suite's fonts (whatever FONTCONFIG_FILE the tests themselves run with) and
        the accessibility bus on (text is read through AT-SPI)."""
        environment = dict(environment)
        environment["FONTCONFIG_FILE"] = fontconfig
        if environment.get("GTK_A11Y") == "none":
            del environment["GTK_A11Y"]
        environment.pop("NO_AT_BRIDGE", None)
        self._stdout = _CapturedOutput("app-stdout-")
        self._stderr = _CapturedOutput("app-stderr-")
        self.process = subprocess.Popen(argv, env=environment, stdout=self._stdout.file, stderr=self._stderr.file,
                                        text=True)
        self.process.stdout = self._stdout
        self.process.stderr = self._stderr
        self.window = None
        self.expected_exit = 0
        self.allowed_stderr = None
        self._accessible = None

    # What the end-of-test check accepts.

    def expect_exit(self, status, stderr=None):
        """Says that this app is meant to end with `status`, and that lines of standard error matching the
        regular expression `stderr` are expected (everything else that looks like trouble still fails)."""
        self.expected_exit = status
        self.allowed_stderr = stderr

    def stderr_text(self):
        return self._stderr.read()

    def trouble(self):
        """The lines of standard error that look like a warning, a critical or a crash, and were not expected."""
        return [line for line in self.stderr_text().splitlines()
                if TROUBLE.search(line) and not (self.allowed_stderr and re.search(self.allowed_stderr, line))]

    # Windows.

    def find_window(self, name_pattern):
        out = xdotool("search", "--all", "--onlyvisible", "--pid", str(self.process.pid), "--name", name_pattern,
                      check=False)
        return out.split()[0] if out else None

    def wait_for_window(self, timeout=15.0):
        def find():
            if self.process.poll() is not None:
                raise AssertionError(f"app exited early with {self.process.returncode}: {self.stderr_text()}")
            return self.find_window(f"^{re.escape(self.title_text)}$") or self.find_window(self.title_text)
        self.window = wait_for(find, timeout, message=f"the {self.title_text} window to map")
        self.focus(self.window)
        return self.window

    def title(self):
        return xdotool("getwindowname", self.window)

    def focus(self, window=None, timeout=10.0):
        """Gives `window` (the main one unless named) the keyboard focus, and waits until the X server says it has it."""
        window = window or self.window

        def focused():
            if focused_window() == window:
                return True
            xdotool("windowfocus", "--sync", window, check=False)
            return focused_window() == window
        wait_for(focused, timeout, interval=0.1, message=f"window {window} to have the keyboard focus")
        self.sync()

    def key(self, *keys):
        """Keys go to whichever window has focus, as a person's typing does. After each key the app is asked a
        question over AT-SPI, so the next key is sent only once its main loop has come round."""
        for key in keys:
            xdotool("key", "--clearmodifiers", key)
            self.sync()

    def type_text(self, text):
        xdotool("type", "--delay", "20", "--", text)
        self.sync()

    def open_main_menu(self):
        """F10, and waits until the main menu's popup is mapped, so that the next key goes to the menu."""
        self.key("F10")
        return self.popup()

    def dialog(self, title, timeout=10.0):
        """The id of a visible window of this app called `title` (a dialog), focused as a window manager would."""
        window = wait_for(lambda: self.find_window(f"^{re.escape(title)}$"), timeout, message=f"the {title!r} window")
        # What a window manager does for a new transient dialog; bare Xvfb has none.
        self.focus(window)
        return window

    def wait_for_no_window(self, title, timeout=10.0):
        wait_for(lambda: not self.find_window(f"^{re.escape(title)}$"), timeout, interval=0.1,
                 message=f"the {title!r} window to close")

    def resize(self, width, height=700, timeout=15.0):
        """Resizes the window from outside and waits until the X server reports exactly that size. The size
        is asked for again while it is not reached, as a person dragging the edge keeps asking: GTK grows a
        window back to its minimum size, and a collapsed split view's minimum is smaller than a wide one's."""
        seen = []
        asked = [0.0]

        def reached():
            seen.append(self.geometry())
            if seen[-1] == (width, height):
                return True
            if time.monotonic() - asked[0] > 0.5:
                xdotool("windowsize", self.window, str(width), str(height))
                asked[0] = time.monotonic()
            return False
        try:
            wait_for(reached, timeout, interval=0.05, message=f"a {width}x{height} window")
        except AssertionError as failure:
            raise AssertionError(f"{failure}; the window is {seen[-1][0]}x{seen[-1][1]}") from None
        self.sync()

    def wait_for_geometry(self, width, height, timeout=15.0):
        """Waits until the X server reports the window at exactly `width` x `height`."""
        seen = []

        def reached():
            seen.append(self.geometry())
            return seen[-1] == (width, height)
        try:
            wait_for(reached, timeout, interval=0.05, message=f"a {width}x{height} window")
        except AssertionError as failure:
            raise AssertionError(f"{failure}; the window is {seen[-1][0]}x{seen[-1][1]}") from None
        self.sync()

    def geometry(self):
        out = xdotool("getwindowgeometry", "--shell", self.window)
        values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        return int(values["WIDTH"]), int(values["HEIGHT"])

    def click(self, x, y, button=1, window=None):
        """Moves the pointer to (x, y) in `window` (the main one unless named) and clicks `button` there."""
        xdotool("mousemove", "--window", window or self.window, "--sync", str(x), str(y))
        xdotool("click", str(button))
        self.sync()

    def hover(self, x, y, window=None):
        """Moves the pointer to (x, y) in `window` (the main one unless named) and leaves it there."""
        xdotool("mousemove", "--window", window or self.window, "--sync", str(x), str(y))
        self.sync()

    def popup(self, timeout=10.0):
        """The id of a visible window of this app other than its main one and its dialogs: a menu or popover."""
        program = os.path.basename(self.process.args[0])

        def find():
            out = xdotool("search", "--all", "--onlyvisible", "--pid", str(self.process.pid), "", check=False)
            for window in out.split():
                # GTK names a popup surface after the program, or not at all.
                if window != self.window and xdotool("getwindowname", window, check=False) in ("", program):
                    return window
            return None
        return wait_for(find, timeout, interval=0.1, message="a popup window")

    # Pixels.

    def screenshot(self, path=None, window=None):
        path = path or tempfile.mktemp(suffix=".png", dir=self.home)
        # A named picture may be the first of a fresh clone's run, before any test's tearDown made the folder.
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if self.process.poll() is not None:
            raise AssertionError(f"the app is gone (exit {self.process.returncode}): {self.stderr_text()[-2000:]}")
        subprocess.run(["import", "-window", window or self.window, path], check=True, capture_output=True, timeout=30)
        return path

    def words(self, window=None):
        """The words on screen with their centres in window coordinates, read by OCR from a 2x screenshot in
        three passes: as it is, in black and white (text on coloured backgrounds), and as one block of
        text (monospaced digits)."""
        pixels = self.window_pixels(window)
        digest = hashlib.sha1(pixels).hexdigest()
        if digest in _WORDS_SEEN:
            return list(_WORDS_SEEN[digest])
        shot = tempfile.mktemp(suffix=".ppm", dir=self.home)
        with open(shot, "wb") as handle:
            handle.write(pixels)
        found = []
        passes = (("plain", ["-resize", "200%"], "11"),
                  ("bw", ["-colorspace", "Gray", "-resize", "200%", "-threshold", "55%"], "11"),
                  ("block", ["-colorspace", "Gray", "-resize", "200%"], "6"))
        for variant, options, layout in passes:
            big = shot.replace(".ppm", f"-{variant}.png")
            subprocess.run(["convert", shot, *options, big], check=True, timeout=30)
            result = subprocess.run(["tesseract", big, "-", "--psm", layout, "tsv"], capture_output=True, text=True,
                                    timeout=60)
            for line in result.stdout.splitlines()[1:]:
                cells = line.split("\t")
                if len(cells) == 12 and cells[11].strip() and float(cells[10]) > 40:
                    left, top, width, height = (int(cells[i]) for i in range(6, 10))
                    found.append((cells[11], (left + width / 2) / 2, (top + height / 2) / 2))
        _WORDS_SEEN[digest] = tuple(found)
        return found

    def window_pixels(self, window=None):
        """The window's pixels as a PPM image (no timestamps in it, so the same pixels give the same bytes)."""
        if self.process.poll() is not None:
            raise AssertionError(f"the app is gone (exit {self.process.returncode}): {self.stderr_text()[-2000:]}")
        return subprocess.run(["import", "-window", window or self.window, "ppm:-"], check=True, capture_output=True,
                              timeout=30).stdout

    def screen_text(self, window=None):
        """Everything readable in the window (the main one unless named), words joined by spaces."""
        return " ".join(word for word, _, _ in self.words(window))

    def find_word(self, word, timeout=10.0, window=None):
        """Where OCR reads `word`: below the header bars when it is there too (the detail's bar titles the chosen
        pizza, and a click on a title does nothing), else wherever it is."""
        def lookup():
            found = [(x, y) for text, x, y in self.words(window) if text == word]
            return next((place for place in found if place[1] > HEADER_BAR_HEIGHT), found[0] if found else None)
        return wait_for(lookup, timeout, interval=0.2, message=f"the word {word!r} on screen")

    def click_word(self, word, button=1, window=None):
        x, y = self.find_word(word, window=window)
        self.click(int(x), int(y), button, window=window)

    def wait_for_text(self, fragment, timeout=10.0, squeeze=False, window=None):
        """Waits until OCR reads `fragment` on screen (with `squeeze`, spaces are ignored on both sides).
        For proving that something is painted; exact text is read with `wait_for_label`."""
        def seen():
            text = self.screen_text(window)
            if squeeze:
                return fragment.replace(" ", "") in text.replace(" ", "")
            return fragment in text
        return wait_for(seen, timeout, interval=0.25, message=f"{fragment!r} on screen")

    def wait_for_message(self, fragment, timeout=10.0, window=None):
        """Waits until a label containing `fragment` is painted: the words from AT-SPI (a long message wraps
        wherever the window and the file name put the line ends), the paint by OCR of the label's first words."""
        label = wait_for(lambda: next((text for text in self.labels(window) if fragment in text), None), timeout,
                         interval=0.1, message=f"a label containing {fragment!r}")
        opening = " ".join(label.split()[:3])
        self.wait_for_text(opening, timeout=timeout, squeeze=True, window=window)
        return label

    def wait_for_no_text(self, fragment, timeout=10.0):
        return wait_for(lambda: fragment not in self.screen_text(), timeout, interval=0.25,
                        message=f"{fragment!r} to leave the screen")

    def pixel(self, x, y, window=None):
        shot = self.screenshot(window=window)
        out = subprocess.run(["convert", shot, "-format", f"%[pixel:p{{{x},{y}}}]", "info:-"],
                             capture_output=True, text=True, check=True, timeout=30).stdout
        return out

    # Exact text, through AT-SPI. GTK 4.8 leaves hidden stack pages in the tree and marks only the window
    # SHOWING, so these say what the app's widgets hold; whether it is on screen is for the pixels to prove.

    def accessible(self, timeout=15.0):
        """The app's root on the accessibility bus."""
        if self._accessible is not None:
            return self._accessible
        import pyatspi

        def find():
            if self.process.poll() is not None:
                raise AssertionError(f"app exited with {self.process.returncode}: {self.stderr_text()[-2000:]}")
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                node = desktop.getChildAtIndex(index)
                try:
                    if node is not None and node.get_process_id() == self.process.pid:
                        return node
                except Exception:
                    continue
            return None
        self._accessible = wait_for(find, timeout, interval=0.1, message="the app on the accessibility bus")
        return self._accessible

    def accessibles(self, role=None, name=None, window=None, read=None):
        """Every accessible of the app (or of its window called `window`) with that role name and name, in tree
        order, or what `read` gives for each. A tree that changes while it is read (the split view moves its
        panes, a row goes away) is read again."""
        for attempt in range(5):
            try:
                found = self._accessibles(role, name, window)
                return found if read is None else [read(node) for node in found]
            except Exception:
                if attempt == 4:
                    raise
                self._accessible = None
                time.sleep(0.1)

    def _accessibles(self, role, name, window):
        root = self.accessible()
        if window is not None:
            root = next((child for child in (root.getChildAtIndex(i) for i in range(root.childCount))
                         if child is not None and child.name == window), None)
            if root is None:
                return []
        found = []
        stack = [(root, 0)]
        while stack:
            node, depth = stack.pop()
            if (role is None or node.getRoleName() == role) and (name is None or node.name == name):
                found.append(node)
            if depth < 40:
                children = [node.getChildAtIndex(i) for i in range(node.childCount)]
                stack.extend((child, depth + 1) for child in reversed(children) if child is not None)
        return found

    def labels(self, window=None):
        """The text of every label, in tree order."""
        return self.accessibles(role="label", window=window, read=lambda node: node.name)

    def list_rows(self, window=None):
        """The accessible name of every row of the app's lists, in order."""
        return self.accessibles(role="list item", window=window, read=lambda node: node.name)

    def wait_for_label(self, text, timeout=10.0, window=None):
        """Waits until a label reads exactly `text`."""
        last = []

        def present():
            last[:] = self.labels(window)
            return text in last
        try:
            return wait_for(present, timeout, interval=0.1, message=f"a label reading exactly {text!r}")
        except AssertionError as failure:
            raise AssertionError(f"{failure}; the labels are {last}") from None

    def wait_for_no_label(self, text, timeout=10.0, window=None):
        return wait_for(lambda: text not in self.labels(window), timeout, interval=0.1,
                        message=f"no label reading {text!r}")

    def wait_for_labels(self, condition, timeout=10.0, window=None, message="the labels"):
        """Waits until `condition(labels)` holds and returns the labels."""
        last = []

        def holds():
            last[:] = self.labels(window)
            return condition(last)
        try:
            wait_for(holds, timeout, interval=0.1, message=message)
        except AssertionError as failure:
            raise AssertionError(f"{failure}; the labels are {last}") from None
        return list(last)

    def wait_for_whole_menu(self, timeout=120.0):
        """Waits until the menu is read to its end: a large one shows rows while the rest is read, and edits,
        search and exports wait for the end (Add is enabled again then)."""
        import pyatspi
        wait_for(lambda: any(node.getState().contains(pyatspi.STATE_SENSITIVE)
                             for node in self.accessibles(role="push button", name="Add Pizza")),
                 timeout, message="the whole menu read")

    def press_button(self, name, window=None, timeout=10.0):
        """Performs the click action of the button named `name`, as an assistive technology would."""
        button = wait_for(lambda: (self.accessibles(name=name, window=window) or [None])[0], timeout, interval=0.1,
                          message=f"a button named {name!r}")
        button.queryAction().doAction(0)
        self.sync()

    def sync(self):
        """One question to the app over AT-SPI: answered only when its main loop has come round, after the
        input events already sent to it. Without the accessibility bus (GTK_A11Y=none), a short pause."""
        if self.process.poll() is not None:
            return
        try:
            root = self.accessible(timeout=15.0)
            root.getChildAtIndex(0).queryComponent().getExtents(1)  # window coordinates: GTK 4 has no screen ones
        except AssertionError:
            raise
        except Exception:
            time.sleep(0.15)

    # Ending.

    def quit(self, timeout=15):
        """Ctrl+Q to the focused window; returns the exit status (the end-of-test check also looks at it)."""
        if self.window and focused_window() != self.window:
            self.focus()
        self.key("ctrl+q")
        return self.wait_exit(timeout)

    def wait_exit(self, timeout=15):
        timeout *= TIMEOUT_SCALE
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            self.expected_exit = -9
            raise AssertionError(f"the app did not exit within {timeout}s")
        self.stderr = self.stderr_text()
        return self.process.returncode

    def kill(self):
        """SIGKILL, as a test that means to crash the app does: that exit is then the expected one."""
        self.expected_exit = -9
        self._stop()

    def _stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def _has_failed(test):
    """Whether the running test has already failed or errored (unittest's outcome, Python 3.11+)."""
    outcome = getattr(test, "_outcome", None)
    result = getattr(outcome, "result", None)
    if outcome is not None and getattr(outcome, "success", True) is False:
        return True
    if result is None:
        return False
    return any(case is test for case, _ in list(result.failures) + list(result.errors))


class AppTestCase(unittest.TestCase):
    """A private HOME per test. At the end of each test, every app it started must have exited with the status
    it was meant to (0, unless the test called `app.expect_exit` or `app.kill`) and printed no warning, critical
    or runtime error on standard error (unless expected through `app.expect_exit(status, stderr=...)`). An app
    still running is quit with Ctrl+Q and checked the same way."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="pizza-split-home-")
        self.apps = []

    def tearDown(self):
        # The last picture of each window, for reading a failure after the fact.
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for index, app in enumerate(self.apps):
            if app.window and app.process.poll() is None:
                try:
                    app.screenshot(os.path.join(SCREENSHOTS, f"{self.id()}-{index}.png"))
                except (subprocess.CalledProcessError, subprocess.TimeoutExpired, AssertionError):
                    pass
        problems = self.end_apps(check=not _has_failed(self))
        shutil.rmtree(self.home, ignore_errors=True)
        held = held_keys()
        if held:
            xdotool("keyup", *held, check=False)
            problems.append(f"the test left keys held down: {held} (released now, for the tests after it)")
        # The pointer goes where no window opens: left where a test clicked, it hovers the next test's window
        # (over its main menu button, the first letter typed after an export from that menu was lost). Not
        # --sync: already there (every test after a suite's first), xdotool waits 15 s for a move that never comes.
        xdotool("mousemove", "1599", "999", check=False)
        if problems:
            self.fail("at the end of the test:\n" + "\n".join(problems))

    def end_apps(self, check=True):
        """Quits what still runs and returns what is wrong with how each app ended."""
        problems = []
        for index, app in enumerate(self.apps):
            name = f"app {index} ({os.path.basename(app.process.args[0])}, pid {app.process.pid})"
            if app.process.poll() is None:
                if check and app.window:
                    try:
                        app.quit()
                    except AssertionError as failure:
                        problems.append(f"{name} was still running and did not quit with Ctrl+Q: {failure}")
                app._stop()
                if not check:
                    continue
            if not check:
                if app.process.returncode not in (0, -9, app.expected_exit):
                    # A crash must be visible in the log, not only as a timeout.
                    print(f"\n[{self.id()}] {name} exited with {app.process.returncode}: {app.stderr_text()[-3000:]}")
                continue
            if app.process.returncode != app.expected_exit:
                problems.append(f"{name} exited with {app.process.returncode}, expected {app.expected_exit}; "
                                f"stderr: {app.stderr_text()[-2000:]}")
            trouble = app.trouble()
            if trouble:
                problems.append(f"{name} printed on standard error: " + "\n  ".join(trouble[:20]))
        return problems

    def launch(self, *args, env=None, wait=True, timeout=15.0):
        if not wait:
            app = App(self.home, args, env)
            self.apps.append(app)
            return app
        return self.start_and_wait(lambda: App(self.home, args, env), timeout)

    def start_and_wait(self, start, timeout=15.0):
        """Starts an app with `start()` and waits for its window."""
        app = start()
        self.apps.append(app)
        app.wait_for_window(timeout)
        return app

    @property
    def menu_path(self):
        return os.path.join(self.home, "data", "pizza-split", "menu.json")

    def read_menu(self):
        with open(self.menu_path) as handle:
            return json.load(handle)

    def wait_for_saved(self, holds, message, path=None):
        """Waits until the menu file (the user's own, unless `path` is given) holds what `holds(menu)` checks, and
        returns it: saves run off the main thread, so the window shows a change before its file is written."""
        def saved():
            try:
                with open(path or self.menu_path) as handle:
                    menu = json.load(handle)
            except FileNotFoundError:
                return None
            return menu if holds(menu) else None
        return wait_for(saved, message=message)

    def assertClean(self, app):
        """No warning, critical or runtime error on standard error (the end-of-test check does this for every app)."""
        trouble = app.trouble()
        self.assertEqual(trouble, [], f"the app printed: {app.stderr_text()}")
