import os
import subprocess
import unittest

from harness import BINARY


def run(*args, env=None):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=20,
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
        self.assertIn("Usage: pizza-split [--menu FILE] [--help] [--version]", result.stdout)

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
