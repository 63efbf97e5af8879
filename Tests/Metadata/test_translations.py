import os
import re
import shutil
import sys
import tempfile
import unittest

from catalogues import LOCALES, PO, TEMPLATE, catalogue, compile_catalogues, environment, languages, template
from support import ROOT, binary, run

sys.path.insert(0, PO)
import extract  # noqa: E402  (po/extract.py, the extractor make pot runs)

DESKTOP = os.path.join(ROOT, "Resources/io.github.pizzasplit.PizzaSplit.desktop")
METAINFO = os.path.join(ROOT, "Resources/io.github.pizzasplit.PizzaSplit.metainfo.xml")
# The quotes each language uses where the English has “…”, and the closing quote the English has.
QUOTES = {"de": ("„", "“"), "fr": ("«\u00a0", "\u00a0»"), "it": ("«", "»")}
FRENCH_SPACES = "\u00a0\u202f"


def without_date(text):
    return re.sub(r'"POT-Creation-Date: [^"]*"\n', "", text)


def translations(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


class TemplateTests(unittest.TestCase):
    def test_the_template_holds_exactly_what_make_pot_extracts_from_the_sources_now(self):
        folder = tempfile.mkdtemp(prefix="pizza-split-pot-")
        self.addCleanup(shutil.rmtree, folder)
        fresh = os.path.join(folder, "fresh.pot")
        result = run([sys.executable, os.path.join(PO, "extract.py"), fresh])
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(fresh) as new, open(TEMPLATE) as committed:
            self.assertEqual(without_date(committed.read()), without_date(new.read()),
                             "po/pizza-split.pot is out of date: run make pot and translate what changed")

    def test_the_extractor_reads_swift_literals_and_skips_comments(self):
        folder = tempfile.mkdtemp(prefix="pizza-split-swift-")
        self.addCleanup(shutil.rmtree, folder)
        source = os.path.join(folder, "Sample.swift")
        with open(source, "w") as handle:
            handle.write('// String(translating: "in a comment")\n'
                         '/* String(translating: "in a /* nested */ block") */\n'
                         'let a = String(translating: "Tab\\there, \\"quoted\\", \\u{201C}curly\\u{201D}")\n'
                         '// Translators: a note\n'
                         'let b = String(translating: "%d pizza", plural: "%d pizzas", count: n, n)\n'
                         'let c = String(translating: "Open", context: "menu file")\n'
                         'let d = String(translating: """\n    Line one \\\n    joined\n      indented\n    """)\n'
                         'let e = String(translating: #"raw \\n"#)\n'
                         'let f = "not \\(translated)"\n')
        found = list(extract.messages(source, "Sample.swift"))
        self.assertEqual([(entry["line"], entry["message"], entry["plural"], entry["context"], entry["notes"])
                          for entry in found], [
            (3, 'Tab\there, "quoted", “curly”', None, None, []),
            (5, "%d pizza", "%d pizzas", None, ["Translators: a note"]),
            (6, "Open", None, "menu file", []),
            (7, "Line one joined\n  indented", None, None, []),
            (12, "raw \\n", None, None, []),
        ])

    def test_a_message_that_is_not_a_literal_is_an_error_naming_its_line(self):
        folder = tempfile.mkdtemp(prefix="pizza-split-swift-")
        self.addCleanup(shutil.rmtree, folder)
        source = os.path.join(folder, "Bad.swift")
        with open(source, "w") as handle:
            handle.write('let ok = 1\nlet bad = String(translating: message)\n')
        with self.assertRaisesRegex(extract.SwiftError, r"^Bad.swift:2: .*string literal"):
            list(extract.messages(source, "Bad.swift"))


class CatalogueTests(unittest.TestCase):
    def test_german_french_and_italian_are_the_languages(self):
        self.assertEqual(sorted(languages()), sorted(LOCALES))

    def test_every_catalogue_translates_every_message_and_msgfmt_check_passes(self):
        wanted = {(entry.msgctxt, entry.msgid) for entry in template()}
        for language in languages():
            with self.subTest(language=language):
                result = run(["msgfmt", "--check", "--statistics", "-o", "/dev/null",
                              os.path.join(PO, f"{language}.po")], env=dict(os.environ, LC_ALL="C"))
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertRegex(result.stderr, r"^\d+ translated messages\.\n$", "no fuzzy or untranslated entry")
                entries = [entry for entry in catalogue(language) if not entry.obsolete]
                self.assertEqual({(entry.msgctxt, entry.msgid) for entry in entries}, wanted)
                self.assertEqual([entry.msgid for entry in entries if "fuzzy" in entry.flags], [])

    def test_quotes_and_spaces_follow_each_language(self):
        for language in languages():
            opening, closing = QUOTES[language]
            for entry in catalogue(language):
                # The .desktop file's keywords are a list, not a sentence: "pizza;price;…;".
                keywords = re.fullmatch(r"[^ ]+;", entry.msgid) is not None
                for text in translations(entry):
                    with self.subTest(language=language, msgid=entry.msgid):
                        self.assertNotIn('"', text, "typographic quotes, not ASCII ones")
                        self.assertNotIn("”", text, "the English closing quote")
                        if language != "de":
                            self.assertNotIn("“", text, "the English opening quote")
                        self.assertEqual(text.count(opening), text.count(closing), "quotes in pairs")
                        self.assertGreaterEqual(text.count(opening), entry.msgid.count("“"), "each quote kept")
                        if language == "fr" and not keywords:
                            # A URI's colon (file://) is not punctuation.
                            for mark in re.finditer(r"(.)([:;!?»])(?!//)", text):
                                self.assertIn(mark.group(1), FRENCH_SPACES,
                                              f"a non-breaking space before {mark.group(2)!r} in {text!r}")
                            for mark in re.finditer(r"«(.)", text):
                                self.assertIn(mark.group(1), FRENCH_SPACES, f"after « in {text!r}")
                        if language != "fr":
                            self.assertIsNone(re.search(r"[ \u00a0\u202f][:;!?]", text), "no space before : here")

    def test_the_desktop_file_and_metainfo_are_translated_from_the_catalogues(self):
        folder = tempfile.mkdtemp(prefix="pizza-split-desktop-")
        self.addCleanup(shutil.rmtree, folder)
        desktop = os.path.join(folder, "io.github.pizzasplit.PizzaSplit.desktop")
        metainfo = os.path.join(folder, "io.github.pizzasplit.PizzaSplit.metainfo.xml")
        for arguments in (["--desktop", "--template", DESKTOP, "-o", desktop],
                          ["--xml", "--template", METAINFO, "-o", metainfo]):
            result = run(["msgfmt", "-d", PO, *arguments])
            self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(run(["desktop-file-validate", desktop]).stdout, "")
        validated = run(["appstreamcli", "validate", "--no-net", "--pedantic", metainfo])
        self.assertEqual(validated.returncode, 0, validated.stdout)
        with open(desktop) as handle:
            entries = dict(line.rstrip("\n").split("=", 1) for line in handle if "=" in line)
        with open(metainfo) as handle:
            xml = handle.read()
        for language in languages():
            translated = {entry.msgid: entry.msgstr for entry in catalogue(language)}
            with self.subTest(language=language):
                self.assertEqual(entries[f"Comment[{language}]"], translated[entries["Comment"]])
                self.assertEqual(entries[f"GenericName[{language}]"], translated[entries["GenericName"]])
                summary = translated["Compare pizza prices by the square inch"]
                self.assertIn(f'<summary xml:lang="{language}">{summary}</summary>', xml)


class SpokenTests(unittest.TestCase):
    def setUp(self):
        self.folder = compile_catalogues(tempfile.mkdtemp(prefix="pizza-split-locale-"))
        self.addCleanup(shutil.rmtree, self.folder)

    def test_split_demos_gives_its_help_and_errors_in_the_users_language(self):
        usage = next(entry.msgid for entry in template() if entry.msgid.startswith("Usage: split-demos"))
        choose = "split-demos: choose a demo"
        for language in languages():
            with self.subTest(language=language):
                translated = {entry.msgid: entry.msgstr for entry in catalogue(language)}
                variables = dict(os.environ, **environment(language, self.folder))
                help_text = run([binary("split-demos"), "--help"], env=variables)
                self.assertEqual(help_text.stdout, translated[usage] + "\n")
                wrong = run([binary("split-demos"), "sideways"], env=variables)
                self.assertEqual((wrong.returncode, wrong.stderr), (2, f"{translated[choose]}\n\n{translated[usage]}\n"))
        english = run([binary("split-demos"), "--help"], env=dict(os.environ, LANG="C", LANGUAGE="de",
                                                                   PIZZA_SPLIT_LOCALEDIR=self.folder))
        self.assertEqual(english.stdout, usage + "\n", "LANG=C is English, whatever LANGUAGE says")


if __name__ == "__main__":
    unittest.main()
