import os
import re
import struct
import unittest
import xml.etree.ElementTree as ElementTree

from support import ROOT, binary, run

METAINFO = os.path.join(ROOT, "Resources/io.github.pizzasplit.PizzaSplit.metainfo.xml")
DESKTOP = os.path.join(ROOT, "Resources/io.github.pizzasplit.PizzaSplit.desktop")
SCREENSHOTS_URL = "https://raw.githubusercontent.com/pizzasplit/PizzaSplit/main/"


def png_size(path):
    with open(path, "rb") as handle:
        header = handle.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


class MetainfoTests(unittest.TestCase):
    def setUp(self):
        self.component = ElementTree.parse(METAINFO).getroot()

    def test_appstreamcli_finds_nothing_wrong_even_pedantically(self):
        result = run(["appstreamcli", "validate", "--no-net", "--pedantic", METAINFO])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_the_desktop_file_is_valid(self):
        result = run(["desktop-file-validate", DESKTOP])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(result.stdout + result.stderr, "", "desktop-file-validate has no hints either")

    def test_it_launches_the_desktop_file_and_provides_the_binary_it_starts(self):
        self.assertEqual(self.component.findtext("launchable"), os.path.basename(DESKTOP))
        with open(DESKTOP) as handle:
            exec_line = next(line for line in handle if line.startswith("Exec="))
        self.assertEqual(self.component.findtext("provides/binary"), exec_line.split("=", 1)[1].split()[0])

    def test_each_screenshot_is_one_the_readme_shows_at_its_real_size(self):
        with open(os.path.join(ROOT, "README.md")) as handle:
            readme = handle.read()
        images = self.component.findall("screenshots/screenshot/image")
        self.assertGreaterEqual(len(images), 3)
        for image in images:
            self.assertTrue(image.text.startswith(SCREENSHOTS_URL), image.text)
            relative = image.text[len(SCREENSHOTS_URL):]
            self.assertIn(f"]({relative})", readme, f"the README shows {relative}")
            width, height = png_size(os.path.join(ROOT, relative))
            self.assertEqual((int(image.get("width")), int(image.get("height"))), (width, height), relative)

    def test_the_newest_release_is_the_version_the_binary_reports(self):
        newest = self.component.find("releases/release").get("version")
        version = run([binary("pizza-split"), "--version"])
        self.assertEqual(version.stdout, f"pizza-split {newest}\n")

    def test_it_says_the_window_works_from_phone_width_with_keyboard_and_pointer(self):
        self.assertEqual(self.component.findtext("requires/display_length[@compare='ge']"), "360")
        self.assertEqual(sorted(control.text for control in self.component.findall("supports/control")),
                         ["keyboard", "pointing"])
        self.assertIsNotNone(self.component.find("content_rating[@type='oars-1.1']"))


if __name__ == "__main__":
    unittest.main()
