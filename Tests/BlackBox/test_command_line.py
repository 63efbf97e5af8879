import os
import subprocess
import unittest

from harness import BINARY


def run(*args, env=None):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=20,
                          env=None if env is None else {**os.environ, **env})


class CommandLineTests(unittest.TestCase):
    def test_help_prints_usage_and_succeeds(self):
        result = run("--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("Usage: pizza-split [--menu FILE] [--help] [--version]", result.stdout)

    def test_help_names_the_menu_file_where_it_really_is(self):
        result = run("--help", env={"XDG_DATA_HOME": "/srv/data", "HOME": "/home/someone"})
        self.assertIn("open FILE instead of your menu (/srv/data/pizza-split/menu.json);", result.stdout)
        result = run("--help", env={"XDG_DATA_HOME": "relative/data", "HOME": "/home/someone"})
        self.assertIn("(/home/someone/.local/share/pizza-split/menu.json);", result.stdout)

    def test_version(self):
        result = run("--version")
        self.assertEqual(result.returncode, 0)
        self.assertRegex(result.stdout, r"^pizza-split \d+\.\d+\.\d+\n$")

    def test_unknown_option_prints_usage_and_exits_2(self):
        result = run("--frobnicate")
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown option --frobnicate", result.stderr)
        self.assertIn("Usage:", result.stderr)

    def test_menu_without_a_file_exits_2(self):
        result = run("--menu")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--menu needs a file name", result.stderr)

    def test_a_second_stray_argument_exits_2(self):
        result = run("menu.json", "other.json")
        self.assertEqual(result.returncode, 2)
        self.assertIn("unexpected argument other.json", result.stderr)
