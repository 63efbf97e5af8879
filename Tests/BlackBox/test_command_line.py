import json
import os
import subprocess
import tempfile
import unittest

from harness import BINARY, AppTestCase, wait_for


def run(*args, env=None, cwd=None):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=20, cwd=cwd,
                          env=None if env is None else {**os.environ, **env})


class CommandLineTests(unittest.TestCase):
    def assertSucceeds(self, result):
        """Exit status 0 and nothing at all on standard error (no warning, no critical)."""
        self.assertEqual((result.returncode, result.stderr), (0, ""), result.stdout)

    def assertRefused(self, result, message):
        """Status 2, nothing on standard output, and on standard error the one-line reason, then the usage
        exactly as --help prints it."""
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stdout, "")
        usage = run("--help")
        self.assertSucceeds(usage)
        self.assertEqual(result.stderr, f"pizza-split: {message}\n\n{usage.stdout}")

    def test_help_prints_usage_and_succeeds(self):
        result = run("--help")
        self.assertSucceeds(result)
        self.assertIn("Usage: pizza-split [--menu FILE] [--export-csv CSV] [--export-pdf PDF] [--help] [--version]", result.stdout)

    def test_help_names_the_menu_file_where_it_really_is(self):
        result = run("--help", env={"XDG_DATA_HOME": "/srv/data", "HOME": "/home/someone"})
        self.assertSucceeds(result)
        self.assertIn("open FILE instead of your menu (/srv/data/pizza-split/menu.json);", result.stdout)
        result = run("--help", env={"XDG_DATA_HOME": "relative/data", "HOME": "/home/someone"})
        self.assertSucceeds(result)
        self.assertIn("(/home/someone/.local/share/pizza-split/menu.json);", result.stdout)

    def test_version(self):
        result = run("--version")
        self.assertSucceeds(result)
        self.assertRegex(result.stdout, r"^pizza-split \d+\.\d+\.\d+\n$")

    def test_unknown_option_prints_usage_and_exits_2(self):
        self.assertRefused(run("--frobnicate"), "unknown option --frobnicate")

    def test_menu_without_a_file_exits_2(self):
        self.assertRefused(run("--menu"), "--menu needs a file name")

    def test_a_second_stray_argument_exits_2(self):
        self.assertRefused(run("menu.json", "other.json"), "unexpected argument other.json (one menu file at a time)")

    def test_a_uri_that_is_not_a_file_is_refused_with_status_2_and_creates_nothing(self):
        folder = tempfile.mkdtemp(prefix="pizza-split-cwd-")
        try:
            for argument in ["http://example.com/menu.json", "--menu=sftp://host/menu.json"]:
                result = run(argument, cwd=folder)
                self.assertEqual(result.returncode, 2, argument)
                self.assertIn("is not a file on this computer: give a file name or a file:// URI", result.stderr)
                self.assertEqual(os.listdir(folder), [], "nothing was created where the app was started")
            result = run("file://elsewhere/menu.json", cwd=folder)
            self.assertEqual(result.returncode, 2)
            self.assertIn("file://elsewhere/menu.json is a file on another computer (elsewhere)", result.stderr)
        finally:
            os.rmdir(folder)


class CommandLineFileTests(AppTestCase):
    def names_in(self, path):
        with open(path) as handle:
            return [pizza["name"] for pizza in json.load(handle)["pizzas"]]

    def test_a_file_uri_opens_its_file_with_escapes_decoded(self):
        path = os.path.join(self.home, "my menu.json")
        with open(path, "w") as handle:
            json.dump({"pizzas": [{"name": "Funghi", "pricePerSquareInch": 0.05},
                                  {"name": "Diavola", "pricePerSquareInch": 0.06}]}, handle)
        app = self.launch("file://" + self.home + "/my%20menu.json")
        app.wait_for_text("Diavola", timeout=20)
        app.key("Home", "Delete")
        wait_for(lambda: self.names_in(path) == ["Diavola"], timeout=20, message="the save into my menu.json")
        self.assertEqual(app.quit(), 0)

    def test_after_a_double_dash_a_name_starting_with_a_dash_is_a_file(self):
        here = os.getcwd()
        os.chdir(self.home)
        try:
            app = self.launch("--", "-odd.json")
        finally:
            os.chdir(here)
        app.wait_for_text("Cheese", timeout=20)
        app.key("Home", "Delete")
        path = os.path.join(self.home, "-odd.json")
        wait_for(lambda: os.path.exists(path), timeout=20, message="the first change to create -odd.json")
        self.assertNotIn("Cheese", self.names_in(path))
        self.assertEqual(app.quit(), 0)

    def test_a_file_that_is_not_there_yet_is_said_so_without_an_error(self):
        path = os.path.join(self.home, "nonexistent.json")
        app = self.launch(path)
        app.wait_for_label("nonexistent.json does not exist yet. It will be created at your first change.", timeout=20)
        self.assertFalse([label for label in app.labels() if "Could not open" in label])
        self.assertFalse(os.path.exists(path), "opening creates nothing")
        self.assertEqual(app.quit(), 0)
