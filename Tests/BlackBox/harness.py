"""Drives the real pizza-split binary from outside, as a person would: X input events through xdotool,
screenshots through ImageMagick's import, and (where asked) the AT-SPI tree through pyatspi.

Each test runs inside Tests/support/with-display.sh, so DISPLAY, HOME and the XDG folders are private.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, "build", "test-screenshots")
BINARY = os.environ.get("PIZZA_SPLIT_BINARY", os.path.join(ROOT, ".build", "debug", "pizza-split"))


def xdotool(*args, check=True):
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=60)
    if check and result.returncode != 0:
        raise AssertionError(f"xdotool {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def wait_for(condition, timeout=10.0, interval=0.05, message="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


class App:
    """One running pizza-split process with a private data folder."""

    def __init__(self, home, args=(), env=None):
        self.home = home
        environment = dict(os.environ)
        environment["XDG_DATA_HOME"] = os.path.join(home, "data")
        environment["XDG_STATE_HOME"] = os.path.join(home, "state")
        environment["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        environment.update(env or {})
        self.process = subprocess.Popen(
            [BINARY, *args], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.window = None

    def wait_for_window(self, timeout=15.0):
        def find():
            if self.process.poll() is not None:
                raise AssertionError(f"app exited early with {self.process.returncode}: {self.process.stderr.read()}")
            out = xdotool("search", "--all", "--onlyvisible", "--pid", str(self.process.pid), "--name", "Pizza Split",
                          check=False)
            return out.split()[0] if out else None
        self.window = wait_for(find, timeout, message="the Pizza Split window to map")
        xdotool("windowfocus", "--sync", self.window, check=False)
        time.sleep(0.3)
        return self.window

    def title(self):
        return xdotool("getwindowname", self.window)

    def key(self, *keys):
        """Keys go to whichever window has focus, as a person's typing does."""
        for key in keys:
            xdotool("key", "--clearmodifiers", key)
            time.sleep(0.15)

    def type_text(self, text):
        xdotool("type", "--delay", "20", "--", text)
        time.sleep(0.2)

    def focus(self):
        xdotool("windowfocus", "--sync", self.window, check=False)
        time.sleep(0.2)

    def dialog(self, title, timeout=5.0):
        """The id of a visible window of this app called `title` (a dialog)."""
        def find():
            out = xdotool("search", "--all", "--onlyvisible", "--pid", str(self.process.pid), "--name", f"^{title}$", check=False)
            return out.split()[0] if out else None
        window = wait_for(find, timeout, message=f"the {title!r} window")
        # What a window manager does for a new transient dialog; bare Xvfb has none.
        xdotool("windowfocus", "--sync", window, check=False)
        time.sleep(0.3)
        return window

    def resize(self, width, height=700):
        xdotool("windowsize", self.window, str(width), str(height))
        time.sleep(0.6)

    def geometry(self):
        out = xdotool("getwindowgeometry", "--shell", self.window)
        values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        return int(values["WIDTH"]), int(values["HEIGHT"])

    def click(self, x, y, button=1):
        xdotool("mousemove", "--window", self.window, str(x), str(y))
        time.sleep(0.1)
        xdotool("click", str(button))
        time.sleep(0.3)

    def screenshot(self, path=None, window=None):
        path = path or tempfile.mktemp(suffix=".png", dir=self.home)
        if self.process.poll() is not None:
            raise AssertionError(f"the app is gone (exit {self.process.returncode}): {self.process.stderr.read()[-2000:]}")
        subprocess.run(["import", "-window", window or self.window, path], check=True, capture_output=True, timeout=30)
        return path

    def words(self, window=None):
        """The words on screen with their centres in window coordinates, read by OCR from a 2x screenshot in
        three passes: as it is, in black and white (text on coloured backgrounds), and as one block of
        text (monospaced digits)."""
        shot = self.screenshot(window=window)
        found = []
        passes = (("plain", ["-resize", "200%"], "11"),
                  ("bw", ["-colorspace", "Gray", "-resize", "200%", "-threshold", "55%"], "11"),
                  ("block", ["-colorspace", "Gray", "-resize", "200%"], "6"))
        for variant, options, layout in passes:
            big = shot.replace(".png", f"-{variant}.png")
            subprocess.run(["convert", shot, *options, big], check=True, timeout=30)
            result = subprocess.run(["tesseract", big, "-", "--psm", layout, "tsv"], capture_output=True, text=True,
                                    timeout=60)
            for line in result.stdout.splitlines()[1:]:
                cells = line.split("\t")
                if len(cells) == 12 and cells[11].strip() and float(cells[10]) > 40:
                    left, top, width, height = (int(cells[i]) for i in range(6, 10))
                    found.append((cells[11], (left + width / 2) / 2, (top + height / 2) / 2))
        return found

    def screen_text(self, window=None):
        """Everything readable in the window (the main one unless named), words joined by spaces."""
        return " ".join(word for word, _, _ in self.words(window))

    def find_word(self, word, timeout=5.0):
        def lookup():
            for text, x, y in self.words():
                if text == word:
                    return (x, y)
            return None
        return wait_for(lookup, timeout, interval=0.2, message=f"the word {word!r} on screen")

    def click_word(self, word, button=1):
        x, y = self.find_word(word)
        self.click(int(x), int(y), button)

    def wait_for_text(self, fragment, timeout=5.0, squeeze=False, window=None):
        """Waits until `fragment` is on screen (with `squeeze`, spaces are ignored on both sides)."""
        def seen():
            text = self.screen_text(window)
            if squeeze:
                return fragment.replace(" ", "") in text.replace(" ", "")
            return fragment in text
        return wait_for(seen, timeout, interval=0.25, message=f"{fragment!r} on screen")

    def wait_for_no_text(self, fragment, timeout=5.0):
        return wait_for(lambda: fragment not in self.screen_text(), timeout, interval=0.25,
                        message=f"{fragment!r} to leave the screen")

    def pixel(self, x, y):
        shot = self.screenshot()
        out = subprocess.run(["convert", shot, "-format", f"%[pixel:p{{{x},{y}}}]", "info:-"],
                             capture_output=True, text=True, check=True).stdout
        return out

    def quit(self, timeout=10):
        self.key("ctrl+q")
        return self.wait_exit(timeout)

    def wait_exit(self, timeout=10):
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the app did not exit")
        self.stderr = self.process.stderr.read()
        return self.process.returncode

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class AppTestCase(unittest.TestCase):
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
        for app in self.apps:
            if app.process.poll() is not None and app.process.returncode not in (0, -9) and not hasattr(app, "stderr"):
                # A crash must be visible in the log, not only as a timeout.
                print(f"\n[{self.id()}] the app exited with {app.process.returncode}: {app.process.stderr.read()[-3000:]}")
            app.kill()
        shutil.rmtree(self.home, ignore_errors=True)

    def launch(self, *args, env=None, wait=True):
        if not wait:
            app = App(self.home, args, env)
            self.apps.append(app)
            return app
        return self.start_and_wait(lambda: App(self.home, args, env))

    def start_and_wait(self, start):
        """Starts an app with `start()` and waits for its window. Right after a client is killed, bare Xvfb
        now and then refuses the next connection for a moment (a plain C GTK 4 program shows the same), and
        the app says it cannot open a display; such a start is tried again, twice at most."""
        for attempt in range(3):
            app = start()
            self.apps.append(app)
            try:
                app.wait_for_window()
                return app
            except AssertionError as failure:
                refused = "cannot open" in str(failure) and "display" in str(failure)
                if not refused or attempt == 2:
                    raise
                time.sleep(0.5)

    @property
    def menu_path(self):
        return os.path.join(self.home, "data", "pizza-split", "menu.json")

    def read_menu(self):
        with open(self.menu_path) as handle:
            return json.load(handle)

    def assertClean(self, app):
        """No GTK warning or critical on standard error."""
        stderr = getattr(app, "stderr", "")
        for marker in ("CRITICAL", "WARNING", "Gtk-", "GLib-"):
            self.assertNotIn(marker, stderr, f"the app printed: {stderr}")
