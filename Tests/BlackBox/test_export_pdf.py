"""`pizza-split --export-pdf PDF [--menu FILE]`: the price list as PDF pages, written with no display at all.

Read back with poppler's pdftotext and pdfinfo: every name and price is there, on the expected number of pages,
with the header, the currency and the page number on each, and no word is set past the half-inch margins; from the
window, the pizzas of the search in the price list's sort.
"""
import json
import os
import re
import subprocess
import sys
import unittest

from harness import BINARY, ROOT, AppTestCase, wait_for
from test_export_csv import HeadlessExportTestCase, price
from test_price_list import click_header, names, open_price_list, wait_for_table

sys.path.append(os.path.join(ROOT, "Tests", "Metadata"))  # after this folder: both have a test_translations
from catalogues import compile_catalogues, environment  # noqa: E402

SIZES = [("Personal", 8), ('10"', 10), ('12"', 12), ('16"', 16), ('18"', 18), ('24"', 24)]
MARGIN = 36


class ExportPDFTests(HeadlessExportTestCase):
    def write_menu(self, menu):
        with open(self.path("menu.json"), "w", encoding="utf-8") as handle:
            json.dump(menu, handle, ensure_ascii=False)
        return self.path("menu.json")

    def pdfinfo(self, pdf):
        output = subprocess.run(["pdfinfo", pdf], capture_output=True, check=True, text=True).stdout
        return dict(line.split(":", 1) for line in output.splitlines() if ":" in line)

    def pages(self, pdf):
        """The text of each page, as pdftotext lays it out."""
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, check=True, text=True).stdout
        return text.split("\f")[:-1]

    def test_a_thousand_pizzas_take_22_a4_pages_with_every_name_and_price_the_header_and_page_numbers(self):
        pizzas = [{"name": f"Pizza number {n:04d}", "pricePerSquareInch": round(0.03 + n / 10000, 4)} for n in range(1, 1001)]
        out = self.path("prices.pdf")
        result = self.run_app("--export-pdf", out, "--menu", self.write_menu({"pizzas": pizzas}))
        self.assertEqual((result.returncode, result.stderr, result.stdout), (0, b"", b""))
        info = self.pdfinfo(out)
        self.assertEqual(info["Pages"].strip(), "22")
        self.assertIn("(A4)", info["Page size"])
        pages = self.pages(out)
        self.assertEqual(len(pages), 22)
        header = re.compile(r"^\s*Pizza\s+" + r"\s+".join(re.escape(label) for label, _ in SIZES) + r"\s*$", re.M)
        for number, page in enumerate(pages, start=1):
            self.assertIn("menu.json, ", page.splitlines()[0], f"the title on page {number}")
            self.assertRegex(page, header, f"the header on page {number}")
            self.assertIn(f"Page {number} of 22", page)
        rows = [line.split() for page in pages for line in page.splitlines() if line.strip().startswith("Pizza number")]
        expected = [pizza["name"].split() + [price(diameter, pizza["pricePerSquareInch"]) for _, diameter in SIZES]
                    for pizza in pizzas]
        self.assertEqual(rows, expected, "every pizza once, in menu order, with the detail's prices")

    def test_no_word_is_set_past_the_margins_of_a_wide_table_with_long_names(self):
        sizes = [{"label": f"Size number {n}", "diameter": 88 + n} for n in range(1, 13)]
        long_name = "Quattro stagioni " * 8 + "x" * 50
        pizzas = [{"name": f"{n} {long_name}" if n % 5 == 0 else f"Pizza {n}", "pricePerSquareInch": 99.99} for n in range(1, 61)]
        out = self.path("prices.pdf")
        result = self.run_app("--export-pdf", out, "--menu", self.write_menu({"pizzas": pizzas, "sizes": sizes}))
        self.assertEqual(result.returncode, 0, result.stderr)
        width, height = (float(v) for v in re.findall(r"[\d.]+", self.pdfinfo(out)["Page size"])[:2])
        bbox = subprocess.run(["pdftotext", "-bbox", out, "-"], capture_output=True, check=True, text=True).stdout
        words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', bbox)
        self.assertGreater(len(words), 60 * 13)
        for x_min, y_min, x_max, y_max, word in words:
            self.assertGreaterEqual(float(x_min), MARGIN - 0.5, word)
            self.assertLessEqual(float(x_max), width - MARGIN + 0.5, word)
            self.assertGreaterEqual(float(y_min), MARGIN - 0.5, word)
            self.assertLessEqual(float(y_max), height - MARGIN + 0.5, word)
        self.assertEqual(sum(1 for *_, word in words if word == price(100, 99.99)), 60, "every price of the widest size")

    def captions(self, menu, env=None):
        """The line under the title of each page of `menu`'s PDF, and the first pizza's row."""
        out = self.path("prices.pdf")
        result = self.run_app("--export-pdf", out, "--menu", self.write_menu(menu), env=env)
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        pages = [[line.strip() for line in page.splitlines() if line.strip()] for page in self.pages(out)]
        first_row = next(line.split() for line in pages[0] if line.startswith("Pizza 1 "))
        return [page[1] for page in pages], first_row

    def test_every_page_says_under_its_title_which_currency_the_bare_prices_are_in(self):
        pizzas = [{"name": f"Pizza {n}", "pricePerSquareInch": 0.05} for n in range(1, 101)]
        cases = [({}, "Prices in USD ($)"), ({"currency": "EUR"}, "Prices in EUR (€)"), ({"currency": "CHF"}, "Prices in CHF")]
        for fields, caption in cases:
            with self.subTest(caption=caption):
                captions, first_row = self.captions({**fields, "pizzas": pizzas})
                self.assertEqual(captions, [caption] * 3, "once on each of the three pages")
                self.assertEqual(first_row, ["Pizza", "1"] + [price(diameter, 0.05) for _, diameter in SIZES],
                                 "the prices are figures without a sign, as in the CSV")

    def test_in_german_the_currency_is_named_in_german_with_the_locales_sign(self):
        german = environment("de", compile_catalogues(self.path("locale")))
        pizzas = [{"name": "Pizza 1", "pricePerSquareInch": 0.05}]
        self.assertEqual(self.captions({"currency": "EUR", "pizzas": pizzas}, env=german)[0], ["Preise in EUR (€)"])
        self.assertEqual(self.captions({"pizzas": pizzas}, env=german)[0], ["Preise in USD ($)"])

    def test_an_unwritable_target_is_refused_with_status_1_and_nothing_written(self):
        with open(self.path("blocker"), "w") as handle:
            handle.write("a file, not a folder")
        menu = self.write_menu({"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.05}]})
        before = sorted(os.listdir(self.folder))
        result = self.run_app("--export-pdf", self.path("blocker/prices.pdf"), "--menu", menu)
        stderr = result.stderr.decode()
        self.assertEqual((result.returncode, result.stdout, stderr.count("\n")), (1, b"", 1), stderr)
        self.assertIn("pizza-split: cannot write the price list", stderr)
        self.assertIn("blocker is a file, not a folder", stderr)
        self.assertEqual(sorted(os.listdir(self.folder)), before, "nothing written, no temporary file left")

    def test_a_planted_link_is_never_written_through(self):
        target = self.path("target.txt")
        with open(target, "w") as handle:
            handle.write("someone else's file")
        os.symlink(target, self.path("prices.pdf"))
        menu = self.write_menu({"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.05}]})
        result = self.run_app("--export-pdf", self.path("prices.pdf"), "--menu", menu)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("cannot write the price list", result.stderr.decode())
        self.assertTrue(os.path.islink(self.path("prices.pdf")))
        with open(target) as handle:
            self.assertEqual(handle.read(), "someone else's file")

    def test_export_pdf_without_a_file_name_or_given_twice_prints_the_usage_and_exits_2(self):
        cases = [(["--export-pdf"], "needs a file name"), (["--export-pdf="], "needs a file name"),
                 (["--export-pdf", "a.pdf", "--export-pdf=b.pdf"], "was given twice")]
        for arguments, reason in cases:
            with self.subTest(arguments=arguments):
                result = self.run_app(*arguments)
                self.assertEqual(result.returncode, 2)
                self.assertTrue(result.stderr.decode().startswith(f"pizza-split: --export-pdf {reason}\n\nUsage:"), result.stderr)
                self.assertEqual(os.listdir(self.folder), ["home"])

    def test_csv_and_pdf_are_written_together_from_the_same_menu(self):
        menu = self.write_menu({"pizzas": [{"name": "Crème brûlée", "pricePerSquareInch": 0.0457}]})
        result = self.run_app("--export-csv", self.path("prices.csv"), "--export-pdf", self.path("prices.pdf"), menu)
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        with open(self.path("prices.csv"), encoding="utf-8") as handle:
            csv_row = handle.read().splitlines()[1].split(",")
        pdf_rows = [line.split() for page in self.pages(self.path("prices.pdf")) for line in page.splitlines() if "brûlée" in line]
        self.assertEqual(pdf_rows, [["Crème", "brûlée"] + csv_row[1:]])


def pdf_rows(pdf):
    """The table rows of a PDF's pages: each line's words, without the title, header and page numbers."""
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, check=True, text=True).stdout
    return [line.split() for line in text.splitlines()
            if line.strip() and not re.match(r"\s*(Page \d+ of \d+|Pizza\s|\S+\.json, |Prices in )", line)]


class ExportPDFWindowTests(AppTestCase):
    DIALOG = "Export Price List as PDF"
    PIZZAS = [{"name": "Ham, eggs", "pricePerSquareInch": 0.05}, {"name": "Margherita", "pricePerSquareInch": 0.04},
              {"name": "Hawaii", "pricePerSquareInch": 0.06}]

    def write_menu(self, pizzas):
        menu = os.path.join(self.home, "napoli.json")
        with open(menu, "w", encoding="utf-8") as handle:
            json.dump({"pizzas": pizzas}, handle)
        return menu

    def export_through_the_dialog(self, app, path):
        """Export PDF… from the main menu (F10, D), `path` typed as the file's name."""
        app.open_main_menu()
        wait_for(lambda: app.accessibles(name="Export PDF…"), message="Export PDF… in the main menu")
        app.key("d")
        app.dialog(self.DIALOG)
        app.key("ctrl+a")
        app.type_text(path)
        app.key("Return")
        app.wait_for_no_window(self.DIALOG)

    def test_export_pdf_in_the_main_menu_writes_the_pizzas_the_search_shows(self):
        menu = self.write_menu(self.PIZZAS)
        app = self.launch(menu)
        everything = os.path.join(self.home, "all.pdf")
        self.export_through_the_dialog(app, everything)
        app.wait_for_label(f"Price list exported to {everything}")
        reference = os.path.join(self.home, "reference.pdf")
        subprocess.run([BINARY, "--export-pdf", reference, "--menu", menu], check=True, timeout=30,
                       env={**os.environ, "HOME": self.home})
        self.assertEqual(pdf_rows(everything), pdf_rows(reference), "the window prints what the command line prints")
        self.assertEqual([row[0] for row in pdf_rows(everything)], ["Ham,", "Margherita", "Hawaii"])
        # The save dialog is gone; the main window gets the keys back, as a window manager would give them.
        app.focus()
        app.key("ctrl+f")
        app.type_text("ha")
        wait_for(lambda: [row.split(",")[0] for row in app.list_rows()] == ["Ham", "Hawaii"], timeout=20,
                 message="the search showing Ham, eggs and Hawaii")
        found = os.path.join(self.home, "found.pdf")
        self.export_through_the_dialog(app, found)
        app.wait_for_label(f"Price list exported to {found}")
        self.assertEqual(pdf_rows(found), [row for row in pdf_rows(everything) if row[0] != "Margherita"])
        self.assertEqual(app.quit(), 0)

    def test_export_pdf_follows_the_price_lists_sort_within_the_search(self):
        app = self.launch(self.write_menu(self.PIZZAS))
        window = open_price_list(app)
        wait_for_table(app, lambda rows: names(rows) == ["Ham, eggs", "Margherita", "Hawaii"], "every pizza in menu order")
        click_header(app, window, '12"')
        wait_for_table(app, lambda rows: names(rows) == ["Margherita", "Ham, eggs", "Hawaii"], "the cheapest first")
        click_header(app, window, '12"')
        wait_for_table(app, lambda rows: names(rows) == ["Hawaii", "Ham, eggs", "Margherita"], "the dearest first")
        app.focus()
        sorted_pdf = os.path.join(self.home, "sorted.pdf")
        self.export_through_the_dialog(app, sorted_pdf)
        app.wait_for_label(f"Price list exported to {sorted_pdf}")
        self.assertEqual([row[0] for row in pdf_rows(sorted_pdf)], ["Hawaii", "Ham,", "Margherita"], "the price list's order")
        app.focus()
        app.key("ctrl+f")
        app.type_text("ha")
        wait_for_table(app, lambda rows: names(rows) == ["Hawaii", "Ham, eggs"], "the search's matches, dearest first")
        found = os.path.join(self.home, "found.pdf")
        self.export_through_the_dialog(app, found)
        app.wait_for_label(f"Price list exported to {found}")
        self.assertEqual([row[0] for row in pdf_rows(found)], ["Hawaii", "Ham,"], "the search's matches in that order")
        self.assertEqual(app.quit(), 0)

    def test_a_long_export_shows_its_progress_and_cancel_writes_nothing(self):
        menu = self.write_menu([{"name": f"Pizza {n}", "pricePerSquareInch": 0.05} for n in range(150_000)])
        app = self.launch(menu)
        app.wait_for_label("Pizza 0", timeout=60)
        app.wait_for_whole_menu()
        out = os.path.join(self.home, "long.pdf")
        self.export_through_the_dialog(app, out)
        wait_for(lambda: app.accessibles(role="progress bar", name="Export progress"), timeout=15,
                 message="the export's progress bar")
        app.wait_for_label("Exporting the price list…")
        app.press_button("Cancel")
        app.wait_for_label(f"Export to {out} cancelled; nothing was written", timeout=60)
        wait_for(lambda: not app.accessibles(role="progress bar", name="Export progress"), message="the progress bar gone")
        self.assertFalse(os.path.exists(out))
        self.assertEqual([name for name in os.listdir(self.home) if name.endswith(".tmp")], [], "no temporary file left")
        self.assertEqual(app.quit(), 0)


if __name__ == "__main__":
    unittest.main()
