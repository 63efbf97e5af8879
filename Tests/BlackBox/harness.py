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
BINARY = os.environ.get("PIZZA_SPLIT_BINARY", os.path.join(ROOT, ".build", "debug", "pizza-split"))


def xdotool(*args, check=True):
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True)
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
            out = xdotool("search", "--onlyvisible", "--pid", str(self.process.pid), "--name", "Pizza Split",
                          check=False)
            return out.split()[0] if out else None
        self.window = wait_for(find, timeout, message="the Pizza Split window to map")
        xdotool("windowfocus", "--sync", self.window, check=False)
        time.sleep(0.3)
        return self.window

    def title(self):
        return xdotool("getwindowname", self.window)

    def key(self, *keys):
        xdotool("windowfocus", "--sync", self.window, check=False)
        for key in keys:
            xdotool("key", "--clearmodifiers", key)
            time.sleep(0.15)

    def type_text(self, text):
        xdotool("type", "--delay", "20", text)
        time.sleep(0.2)

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

    def screenshot(self, path=None):
        path = path or tempfile.mktemp(suffix=".png", dir=self.home)
        subprocess.run(["import", "-window", self.window, path], check=True, capture_output=True)
        return path

    def screen_text(self):
        """What is on screen, read by OCR from a 2x screenshot."""
        shot = self.screenshot()
        big = shot.replace(".png", "-big.png")
        subprocess.run(["convert", shot, "-resize", "200%", big], check=True)
        result = subprocess.run(["tesseract", big, "-", "--psm", "11"], capture_output=True, text=True)
        return result.stdout

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
        for app in self.apps:
            app.kill()
        shutil.rmtree(self.home, ignore_errors=True)

    def launch(self, *args, env=None, wait=True):
        app = App(self.home, args, env)
        self.apps.append(app)
        if wait:
            app.wait_for_window()
        return app

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
