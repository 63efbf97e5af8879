"""`pizza-split --export-csv CSV [--menu FILE]`: the price list as CSV, written with no display at all.

The expected file is written here, by Python's own csv module with the prices worked out from the menu, and
compared with the app's byte for byte; the app's file is then read back by the csv module.
"""
import csv
import json
import math
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

from harness import BINARY, ROOT, AppTestCase, wait_for

sys.path.append(os.path.join(ROOT, "Tests", "Metadata"))  # after this folder: both have a test_translations
from catalogues import compile_catalogues  # noqa: E402

DEFAULT_MENU = os.path.join(ROOT, "Sources", "PizzaModel", "Resources", "default-menu.json")

MENU = {
    "pizzas": [{"name": "Ham, eggs", "pricePerSquareInch": 0.05},
               {"name": 'The "Boss"', "pricePerSquareInch": 0.0457},
               {"name": "Crème brûlée", "pricePerSquareInch": 100},
               {"name": "Plain", "pricePerSquareInch": 0.03}],
    "sizes": [{"label": "Small, thin", "diameter": 10}, {"label": 'Big "one"', "diameter": 16},
              {"label": "Party", "diameter": 24}],
}


def price(diameter, per_square_inch):
    """The detail's price of one pizza: pi r^2 times the price, with two decimals (printf rounds the same way)."""
    radius = diameter / 2
    return "%.2f" % (math.pi * radius * radius * per_square_inch)


class HeadlessExportTestCase(unittest.TestCase):
    """A temporary folder with a private HOME in it, and the app run there with no display (CSV and PDF export)."""
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="pizza-split-export-")
        self.addCleanup(shutil.rmtree, self.folder)
        self.home = os.path.join(self.folder, "home")
        os.mkdir(self.home)

    def path(self, name):
        return os.path.join(self.folder, name)

    def run_app(self, *args, env=None):
        """The app with no display at all: DISPLAY and WAYLAND_DISPLAY unset, a private HOME, the C locale (A4 paper)
        unless `env` sets another."""
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("DISPLAY", "WAYLAND_DISPLAY") and not key.startswith("LC_")}
        environment.update(HOME=self.home, XDG_DATA_HOME=os.path.join(self.home, "data"),
                           XDG_STATE_HOME=os.path.join(self.home, "state"), LANG="C.UTF-8", LANGUAGE="")
        environment.update(env or {})
        return subprocess.run([BINARY, *args], capture_output=True, timeout=120, env=environment, cwd=self.folder)


class ExportCSVTests(HeadlessExportTestCase):

    def write_menu(self, menu, name="menu.json"):
        with open(self.path(name), "w", encoding="utf-8") as handle:
            json.dump(menu, handle, ensure_ascii=False)
        return self.path(name)

    def expected_file(self, menu, name="expected.csv"):
        """The price list as the csv module writes it (RFC 4180: CRLF, minimal quoting), to compare bytes with."""
        sizes = menu.get("sizes") or [{"label": label, "diameter": diameter} for label, diameter in
                                      [("Personal", 8), ('10"', 10), ('12"', 12), ('16"', 16), ('18"', 18), ('24"', 24)]]
        with open(self.path(name), "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\r\n")
            writer.writerow(["Pizza"] + [size["label"] for size in sizes])
            for pizza in menu["pizzas"]:
                writer.writerow([pizza["name"]] + [price(size["diameter"], pizza["pricePerSquareInch"]) for size in sizes])
        with open(self.path(name), "rb") as handle:
            return handle.read()

    def read_bytes(self, path):
        with open(path, "rb") as handle:
            return handle.read()

    def assertExported(self, result):
        self.assertEqual((result.returncode, result.stderr, result.stdout), (0, b"", b""))

    def assertRefused(self, result, *fragments):
        """Status 1, nothing on standard output, and one line on standard error that names the reason."""
        stderr = result.stderr.decode()
        self.assertEqual(result.returncode, 1, stderr)
        self.assertEqual(result.stdout, b"")
        self.assertEqual(stderr.count("\n"), 1, f"one line: {stderr!r}")
        self.assertTrue(stderr.startswith("pizza-split: "), stderr)
        for fragment in fragments:
            self.assertIn(fragment, stderr)

    def test_the_price_list_is_written_byte_for_byte_without_a_display(self):
        out = self.path("prices.csv")
        result = self.run_app("--export-csv", out, "--menu", self.write_menu(MENU))
        self.assertExported(result)
        self.assertEqual(self.read_bytes(out), self.expected_file(MENU))

    def test_names_and_labels_with_commas_and_quotes_read_back_through_the_csv_module(self):
        out = self.path("prices.csv")
        self.assertExported(self.run_app(f"--export-csv={out}", self.write_menu(MENU)))
        with open(out, encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle))
        self.assertEqual(rows[0], ["Pizza", "Small, thin", 'Big "one"', "Party"])
        self.assertEqual([row[0] for row in rows[1:]], ["Ham, eggs", 'The "Boss"', "Crème brûlée", "Plain"])
        self.assertEqual(rows[1], ["Ham, eggs", "3.93", "10.05", "22.62"])
        self.assertEqual(rows[3], ["Crème brûlée", "7853.98", "20106.19", "45238.93"], "a point, no thousands separator")

    def test_without_a_menu_the_default_menu_is_exported_in_any_language(self):
        with open(DEFAULT_MENU, encoding="utf-8") as handle:
            default = json.load(handle)
        out = self.path("default.csv")
        result = self.run_app("--export-csv", out)
        self.assertExported(result)
        self.assertEqual(self.read_bytes(out), self.expected_file(default))
        german = self.path("german.csv")
        environment_result = subprocess.run(
            [BINARY, "--export-csv", german], capture_output=True, timeout=30, cwd=self.folder,
            env={**{k: v for k, v in os.environ.items() if k != "DISPLAY"}, "HOME": self.home,
                 "XDG_DATA_HOME": os.path.join(self.home, "data"), "LANGUAGE": "de", "LANG": "de_DE.UTF-8",
                 "LC_ALL": "de_DE.UTF-8"})
        self.assertExported(environment_result)
        self.assertEqual(self.read_bytes(german), self.read_bytes(out), "the same bytes under a German locale")
        self.assertEqual(os.listdir(self.home), [], "exporting the user's menu creates nothing in their home")

    def test_an_earlier_export_is_replaced_whole(self):
        out = self.path("prices.csv")
        with open(out, "w") as handle:
            handle.write("old,price,list\r\n" * 1000)
        self.assertExported(self.run_app("--export-csv", out, "--menu", self.write_menu(MENU)))
        self.assertEqual(self.read_bytes(out), self.expected_file(MENU))

    def assertNothingChanged(self, before):
        self.assertEqual(sorted(os.listdir(self.folder)), before, "nothing written, no temporary file left")

    def test_a_file_where_the_folder_should_be_is_refused_with_status_1_and_nothing_written(self):
        menu = self.write_menu(MENU)
        with open(self.path("blocker"), "w") as handle:
            handle.write("a file, not a folder")
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", os.path.join(self.path("blocker"), "prices.csv"), "--menu", menu)
        self.assertRefused(result, "cannot write the price list", "blocker is a file, not a folder")
        self.assertNothingChanged(before)
        self.assertEqual(self.read_bytes(self.path("blocker")), b"a file, not a folder")

    def test_a_missing_folder_is_refused_not_made(self):
        menu = self.write_menu(MENU)
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", os.path.join(self.path("not-mounted"), "sub", "prices.csv"), "--menu", menu)
        self.assertRefused(result, "cannot write the price list", "not-mounted/sub does not exist")
        self.assertNothingChanged(before)

    def test_a_folder_as_the_file_is_refused_and_left_as_it_is(self):
        menu = self.write_menu(MENU)
        os.mkdir(self.path("prices.csv"))
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", self.path("prices.csv"), "--menu", menu)
        self.assertRefused(result, "prices.csv: this is a folder, not a regular file; it is left as it is")
        self.assertNothingChanged(before)
        self.assertEqual(os.listdir(self.path("prices.csv")), [])

    def test_why_an_export_is_refused_is_said_in_german_with_the_menus_line_and_column(self):
        environment = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
        environment.update(HOME=self.home, XDG_DATA_HOME=os.path.join(self.home, "data"), LANGUAGE="de", LANG="de_DE.UTF-8",
                           LC_ALL="", PIZZA_SPLIT_LOCALEDIR=compile_catalogues(self.path("locale")))

        def run(*args):
            return subprocess.run([BINARY, *args], capture_output=True, timeout=30, env=environment, cwd=self.folder)
        os.mkdir(self.path("prices.csv"))
        self.assertRefused(run("--export-csv", self.path("prices.csv"), "--menu", self.write_menu(MENU)),
                           "pizza-split: die Preisliste kann nicht geschrieben werden: " + self.path("prices.csv")
                           + ": dies ist ein Ordner, keine normale Datei; er bleibt, wie er ist\n")
        with open(self.path("broken.json"), "w") as handle:
            handle.write('{"pizzas": [\n  {"name": "A", "pricePerSquareInch": 01}]}')
        self.assertRefused(run("--export-csv", self.path("out.csv"), "--menu", self.path("broken.json")),
                           self.path("broken.json") + ": Zeile 2, Spalte 39: „pricePerSquareInch“ von Pizza 1: "
                           "die Zahl hat eine führende Null\n")

    def test_a_planted_link_is_never_written_through_and_its_target_is_untouched(self):
        menu = self.write_menu(MENU)
        target = self.path("target.txt")
        with open(target, "w") as handle:
            handle.write("precious")
        for name, points_to in [("prices.csv", target), ("dangling.csv", self.path("missing.txt"))]:
            with self.subTest(link=name):
                link = self.path(name)
                os.symlink(points_to, link)
                before = sorted(os.listdir(self.folder))
                result = self.run_app("--export-csv", link, "--menu", menu)
                self.assertRefused(result, "symbolic link", "never written through")
                self.assertNothingChanged(before)
                self.assertTrue(os.path.islink(link), "the link stays a link")
                self.assertEqual(os.readlink(link), points_to)
        self.assertEqual(self.read_bytes(target), b"precious")
        self.assertFalse(os.path.lexists(self.path("missing.txt")), "nothing created where the dangling link leads")

    def test_a_named_pipe_is_left_as_it_is(self):
        menu = self.write_menu(MENU)
        fifo = self.path("prices.csv")
        os.mkfifo(fifo)
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", fifo, "--menu", menu)
        self.assertRefused(result, "this is a named pipe (FIFO), not a regular file")
        self.assertNothingChanged(before)
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_a_missing_or_broken_menu_is_refused_with_status_1_and_nothing_written(self):
        broken = self.path("broken.json")
        with open(broken, "w") as handle:
            handle.write('{"pizzas": [{"name": "Cheese", "pricePerSquareInch": "cheap"}]}')
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", self.path("prices.csv"), "--menu", self.path("missing.json"))
        self.assertRefused(result, "cannot export the price list: there is no menu file", "missing.json")
        result = self.run_app("--export-csv", self.path("prices.csv"), "--menu", broken)
        self.assertRefused(result, "cannot export the price list:", "broken.json")
        self.assertNothingChanged(before)

    def test_the_menu_file_itself_is_never_replaced_by_its_price_list(self):
        menu = self.write_menu(MENU)
        with open(menu, "rb") as handle:
            original = handle.read()
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-csv", menu, "--menu", menu)
        self.assertRefused(result, "menu.json: this is the menu's own file, which a price list never replaces")
        self.assertNothingChanged(before)
        self.assertEqual(self.read_bytes(menu), original)

    def test_export_csv_without_a_file_name_prints_the_usage_and_exits_2(self):
        for arguments in (["--export-csv"], ["--export-csv="]):
            with self.subTest(arguments=arguments):
                result = self.run_app(*arguments)
                self.assertEqual(result.returncode, 2)
                self.assertTrue(result.stderr.decode().startswith("pizza-split: --export-csv needs a file name\n\nUsage:"))
                self.assertEqual(os.listdir(self.folder), ["home"])


class ExportCSVWindowTests(AppTestCase):
    DIALOG = "Export Price List as CSV"

    def napoli_menu(self):
        menu = os.path.join(self.home, "napoli.json")
        with open(menu, "w", encoding="utf-8") as handle:
            json.dump(MENU, handle, ensure_ascii=False)
        return menu

    def export_through_the_dialog(self, app, path, replacing=False):
        """Export CSV… from the main menu (F10, E), `path` typed as the file's name, and GTK's own question
        answered with Replace when a file is there."""
        app.open_main_menu()
        wait_for(lambda: app.accessibles(name="Export CSV…"), message="Export CSV… in the main menu")
        app.key("e")
        app.dialog(self.DIALOG)
        app.key("ctrl+a")
        app.type_text(path)
        app.key("Return")
        if replacing:
            replace = wait_for(lambda: [node for node in app.accessibles(role="push button")
                                        if node.name.endswith("Replace")], message="GTK's Replace button")
            replace[0].queryAction().doAction(0)
        app.wait_for_no_window(self.DIALOG)

    def test_export_csv_in_the_main_menu_writes_the_file_chosen_and_says_where(self):
        menu = self.napoli_menu()
        out = os.path.join(self.home, "exported.csv")
        app = self.launch(menu)
        self.export_through_the_dialog(app, out)
        app.wait_for_label(f"Price list exported to {out}")
        with open(out, "rb") as handle:
            written = handle.read()
        reference = os.path.join(self.home, "reference.csv")
        subprocess.run([BINARY, "--export-csv", reference, "--menu", menu], check=True, timeout=30,
                       env={**os.environ, "HOME": self.home})
        with open(reference, "rb") as handle:
            self.assertEqual(written, handle.read(), "the window writes what the command line writes")
        self.assertTrue(written.startswith(b'Pizza,"Small, thin","Big ""one""",Party\r\n"Ham, eggs",3.93,'))
        self.assertEqual(app.quit(), 0)

    def test_the_dialog_opens_in_documents_for_the_own_menu_and_beside_any_other_menu(self):
        documents = os.path.join(self.home, "Dokumente")
        os.makedirs(documents)
        os.makedirs(os.path.join(self.home, "config"), exist_ok=True)  # the harness's XDG_CONFIG_HOME
        with open(os.path.join(self.home, "config", "user-dirs.dirs"), "w") as handle:
            handle.write(f'XDG_DOCUMENTS_DIR="{documents}"\n')
        app = self.launch()
        app.wait_for_text("Pepperoni")
        # A name alone lands in the folder the dialog opened in: never the own menu's hidden data folder.
        self.export_through_the_dialog(app, "prices.csv")
        app.wait_for_label(f"Price list exported to {os.path.join(documents, 'prices.csv')}")
        self.assertEqual(app.quit(), 0)
        party = os.path.join(self.home, "party")
        os.makedirs(party)
        menu = os.path.join(party, "napoli.json")
        os.rename(self.napoli_menu(), menu)
        app = self.launch(menu)
        self.export_through_the_dialog(app, "napoli.csv")
        app.wait_for_label(f"Price list exported to {os.path.join(party, 'napoli.csv')}")
        self.assertEqual(app.quit(), 0)

    def test_a_link_chosen_as_the_file_is_left_as_it_is_and_the_toast_says_why(self):
        target = os.path.join(self.home, "target.txt")
        with open(target, "w") as handle:
            handle.write("precious")
        link = os.path.join(self.home, "prices.csv")
        os.symlink(target, link)
        app = self.launch()
        self.export_through_the_dialog(app, link, replacing=True)
        app.wait_for_label(f"Could not export the price list to {link}: this is a symbolic link, which an exported "
                           "price list is never written through; it is left as it is")
        self.assertEqual(os.readlink(link), target)
        with open(target) as handle:
            self.assertEqual(handle.read(), "precious")
        self.assertEqual([name for name in os.listdir(self.home) if name.endswith(".tmp")], [], "no temporary file left")
        self.assertEqual(app.quit(), 0)

    def test_the_open_menu_chosen_as_the_file_is_left_as_it_is(self):
        menu = self.napoli_menu()
        with open(menu, "rb") as handle:
            original = handle.read()
        app = self.launch(menu)
        self.export_through_the_dialog(app, menu, replacing=True)
        app.wait_for_label(f"Could not export the price list to {menu}: this is the menu's own file, which a price "
                           "list never replaces; it is left as it is")
        with open(menu, "rb") as handle:
            self.assertEqual(handle.read(), original)
        self.assertEqual(app.list_rows()[0], "Ham, eggs, 0.050 dollars per square inch")
        self.assertEqual(app.quit(), 0)


if __name__ == "__main__":
    unittest.main()
