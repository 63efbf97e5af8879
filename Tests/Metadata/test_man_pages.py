import os
import re
import unittest

from support import ROOT, binary, run

MAN = os.path.join(ROOT, "Resources/man")


def man_tags(page):
    """The tags of the page's .TP entries (options, demo names, files) as plain text: `\\-` and fonts undone."""
    with open(os.path.join(MAN, page)) as handle:
        lines = handle.read().splitlines()
    tags = set()
    for before, line in zip(lines, lines[1:]):
        if before == ".TP" and line.startswith(".") and not line.startswith(".TP"):
            plain = re.sub(r"\\f[BIRP]|\\", "", line.split(None, 1)[1]).replace('"', " ")
            tags.update(re.findall(r"(?<![\w-])-{0,2}[A-Za-z][\w-]*", plain))
    return tags


def help_words(program):
    """What `program --help` offers: every -option it names, and the word opening each of its indented lines."""
    result = run([binary(program), "--help"])
    assert result.returncode == 0, result.stderr
    options = set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", result.stdout))
    entries = {line.split()[0] for line in result.stdout.splitlines() if re.match(r"  \S", line)}
    return options | entries


class ManPageTests(unittest.TestCase):
    def test_every_option_and_demo_in_help_is_described_in_the_man_page(self):
        for program in ("pizza-split", "split-demos"):
            with self.subTest(program=program):
                words = help_words(program)
                self.assertIn("--help", words, f"{program} --help names --help")
                missing = sorted(words - man_tags(f"{program}.1"))
                self.assertEqual(missing, [], f"{program}.1 describes each of these")

    def test_the_man_pages_render_without_a_warning(self):
        for page in ("pizza-split.1", "split-demos.1"):
            with self.subTest(page=page):
                environment = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="80")
                shown = run(["man", "--warnings", "-E", "UTF-8", "-l", os.path.join(MAN, page)], env=environment)
                self.assertEqual((shown.returncode, shown.stderr), (0, ""))
                self.assertIn("EXIT STATUS", shown.stdout)
                checked = run(["groff", "-man", "-ww", "-z", "-K", "utf8", os.path.join(MAN, page)])
                self.assertEqual((checked.returncode, checked.stderr), (0, ""))


if __name__ == "__main__":
    unittest.main()
