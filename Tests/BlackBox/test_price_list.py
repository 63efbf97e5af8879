"""The price list (Ctrl+L): every pizza in every size, its cells read through AT-SPI equal to what the detail says
for the same pizza and size, sorted by a clicked column, limited by the main list's search, following edits, and
lazy over a million pizzas."""
import json
import os
import sys

import pyatspi

from a11y_harness import find_all
from harness import ROOT, App, AppTestCase, wait_for
from test_large_menu import COUNT, WAIT, write_menu
from test_pizza_app import add_pizza

sys.path.append(os.path.join(ROOT, "Tests", "Metadata"))  # after this folder: both have a test_translations
from catalogues import compile_catalogues, environment  # noqa: E402

PRICE_LIST = "Price List"
MAIN = "Pizza Split"
PIZZAS = ["Cheese", "Sausage", "Pepperoni", "Veggie"]
# The size buttons' names and diameters, in the menu's order (the price list's columns).
SIZES = [("Personal size, 8 inches", 8), ("10 inches", 10), ("12 inches", 12), ("16 inches", 16), ("18 inches", 18),
         ("24 inches", 24)]
HEADER = ["Pizza", "Personal", '10"', '12"', '16"', '18"', '24"', "Per sq in"]


def table(app, title=PRICE_LIST):
    """The price list as a screen reader reads it: the column titles, then each row's cells, in order."""
    return app.accessibles(role="table row", window=title,
                           read=lambda row: [label.name for label in find_all(row, role="label")])


def wait_for_table(app, condition, message, timeout=10.0, title=PRICE_LIST):
    last = []

    def holds():
        last[:] = table(app, title)
        return condition(last)
    try:
        wait_for(holds, timeout, interval=0.1, message=message)
    except AssertionError as failure:
        raise AssertionError(f"{failure}; the table reads {last}") from None
    return list(last)


def focused_rows(app):
    return [node.name for node in app.accessibles(role="table row", window=PRICE_LIST)
            if node.getState().contains(pyatspi.STATE_FOCUSED)]


def selected_rows(app):
    return [node.name for node in app.accessibles(role="table row", window=PRICE_LIST)
            if node.getState().contains(pyatspi.STATE_SELECTED)]


def names(rows):
    return [row[0] for row in rows[1:]]


def open_price_list(app, title=PRICE_LIST):
    app.focus()
    app.key("ctrl+l")
    window = wait_for(lambda: app.find_window(f"^{title}$"), 10, message="the price list's window")
    app.focus(window)
    return window


def click_header(app, window, title):
    """Clicks the price list's column titled `title`, which sorts by it (again: the other way)."""
    header = next(node for node in app.accessibles(role="label", name=title, window=PRICE_LIST))
    box = header.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    app.click(box.x + box.width // 2, box.y + box.height // 2, window=window)


def choose(app, pizza, window=MAIN):
    """Chooses `pizza` in the main window (titled `window`) through its search, which then closes."""
    app.focus()
    app.key("ctrl+f")
    app.type_text(pizza)
    app.key("Return")
    app.key("Escape")
    app.wait_for_label(pizza, window=window)


def detail_price(app, diameter):
    """The price the detail's price line ends with once the size line says `diameter`, with its padding squeezed out:
    `$5.65` for `113.10 sq in at $  0.05 is $  5.65`."""
    size_line = f"{diameter:.1f}in Pizza"
    labels = app.wait_for_labels(lambda labels: size_line in [label.strip() for label in labels], window=MAIN,
                                 message=f"the size line {size_line!r}")
    lines = [label for label in labels if " sq in at " in label]
    assert len(lines) == 1, f"one price line, not {lines}"
    return lines[0].rsplit(" is ", 1)[1].replace(" ", "")


class PriceListTests(AppTestCase):
    def test_every_cell_is_what_the_detail_and_the_list_say_for_that_pizza_and_size(self):
        app = self.launch()
        app.wait_for_label("Choose a pizza")
        detail = {}
        for pizza in PIZZAS:
            choose(app, pizza)
            detail[pizza] = []
            for name, diameter in SIZES:
                app.press_button(name, window=MAIN)
                detail[pizza].append(detail_price(app, diameter))
        unit_prices = {row.split(", ")[0]: "$" + row.split(", ")[1].split(" ")[0] for row in app.list_rows(window=MAIN)}
        open_price_list(app)
        rows = wait_for_table(app, lambda rows: len(rows) == 1 + len(PIZZAS), "a row per pizza under the titles")
        self.assertEqual(rows[0], HEADER)
        self.assertEqual(rows[1:], [[pizza] + detail[pizza] + [unit_prices[pizza]] for pizza in PIZZAS])
        self.assertEqual(rows[3], ["Pepperoni", "$2.51", "$3.93", "$5.65", "$10.05", "$12.72", "$22.62", "$0.050"])
        # The keyboard is in the table at once, its rows named by their pizzas; the arrows move through them.
        wait_for(lambda: focused_rows(app) == ["Cheese"], message="the first row focused")
        app.key("Down", "Down")
        wait_for(lambda: focused_rows(app) == ["Pepperoni"], message="Down twice to the third row")
        app.key("Escape")
        wait_for(lambda: app.find_window(f"^{PRICE_LIST}$") is None, 10, message="Escape to close the price list")
        open_price_list(app)
        app.key("ctrl+w")
        wait_for(lambda: app.find_window(f"^{PRICE_LIST}$") is None, 10, message="Ctrl+W to close the price list")
        self.assertEqual(app.quit(), 0)

    def test_a_clicked_column_sorts_the_rows_and_the_search_and_edits_of_the_main_window_show(self):
        app = self.launch()
        app.wait_for_label("Choose a pizza")
        window = open_price_list(app)
        wait_for_table(app, lambda rows: names(rows) == PIZZAS, "every pizza in menu order")
        click_header(app, window, '12"')
        wait_for_table(app, lambda rows: names(rows) == ["Cheese", "Veggie", "Pepperoni", "Sausage"],
                       "the cheapest 12-inch pizza first")
        # A row chosen in the table stays chosen, wherever a sort moves it.
        row = app.accessibles(role="table row", name="Veggie", window=PRICE_LIST)[0]
        box = row.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        app.click(box.x + 20, box.y + box.height // 2, window=window)
        wait_for(lambda: selected_rows(app) == ["Veggie"], message="Veggie chosen in the table")
        click_header(app, window, '12"')
        wait_for_table(app, lambda rows: names(rows) == ["Sausage", "Pepperoni", "Veggie", "Cheese"],
                       "the dearest first after a second click")
        wait_for(lambda: selected_rows(app) == ["Veggie"], message="Veggie still chosen after the sort")
        click_header(app, window, "Pizza")
        wait_for_table(app, lambda rows: names(rows) == ["Cheese", "Pepperoni", "Sausage", "Veggie"], "by name")
        # The main window's search limits the price list as it limits the list.
        app.focus()
        app.key("ctrl+f")
        app.type_text("e")
        app.type_text("p")
        wait_for_table(app, lambda rows: names(rows) == ["Pepperoni"], "the search's one match")
        app.key("Escape")
        wait_for_table(app, lambda rows: names(rows) == ["Cheese", "Pepperoni", "Sausage", "Veggie"], "every pizza again")
        # An edit in the main window: a pizza added goes where its name sorts.
        app.focus()
        app.key("ctrl+n")
        add_pizza(app, "Anchovy", "0.07")
        wait_for_table(app, lambda rows: names(rows) == ["Anchovy", "Cheese", "Pepperoni", "Sausage", "Veggie"],
                       "the added pizza first by name")
        self.assertEqual(table(app)[1][1:], ["$3.52", "$5.50", "$7.92", "$14.07", "$17.81", "$31.67", "$0.070"])
        self.assertEqual(app.quit(), 0)

    def test_a_million_pizzas_open_in_the_price_list_with_cells_only_for_the_rows_on_screen(self):
        write_menu(self.menu_path, COUNT)
        app = self.launch()
        wait_for(lambda: "Pizza 0, 0.010 dollars per square inch" in app.list_rows(window=MAIN), timeout=WAIT,
                 message="the large menu read")
        open_price_list(app)
        rows = wait_for_table(app, lambda rows: len(rows) > 1 and rows[1][0] == "Pizza 0", "the first pizza's row",
                              timeout=WAIT)
        self.assertEqual(rows[1][1:], ["$0.50", "$0.79", "$1.13", "$2.01", "$2.54", "$4.52", "$0.010"])
        self.assertLess(len(rows), 250, "rows made for what is on screen (GTK makes at most about 200), not a million")
        self.assertEqual(app.quit(timeout=WAIT), 0)


class PriceListLocaleTests(AppTestCase):
    def test_a_menu_opened_while_it_is_shown_gets_its_own_columns_in_its_currency_and_unit_the_german_way(self):
        german = environment("de", compile_catalogues(os.path.join(self.home, "locale")))
        other = os.path.join(self.home, "euro.json")
        with open(other, "w") as handle:
            json.dump({"currency": "EUR", "unit": "cm", "pizzas": [{"name": "Margherita", "pricePerSquareInch": 0.0075}],
                       "sizes": [{"label": "26 cm", "diameter": 26}, {"label": "32 cm", "diameter": 32}]}, handle)
        app = self.start_and_wait(lambda: App(self.home, (), german))
        window = open_price_list(app, "Preisliste")
        rows = wait_for_table(app, lambda rows: len(rows) == 5, "the default menu", title="Preisliste")
        self.assertEqual(rows[0][-1], "Pro Quadratzoll")
        # The window opens as wide as its table: every name whole, and the last column's German title painted.
        for word in ("Pepperoni", "Sausage", "Quadratzoll"):
            app.wait_for_text(word, window=window)
        self.assertEqual(rows[3], ["Pepperoni", "2,51 $", "3,93 $", "5,65 $", "10,05 $", "12,72 $", "22,62 $", "0,050 $"])
        second = self.launch(other, env=german, wait=False)
        self.assertEqual(second.wait_exit(15), 0)
        rows = wait_for_table(app, lambda rows: rows[:1] == [["Pizza", "26 cm", "32 cm", "Pro cm²"]],
                              "the other menu's sizes and unit", title="Preisliste")
        self.assertEqual(rows[1:], [["Margherita", "3,98 €", "6,03 €", "0,0075 €"]])
        # The same figure as the detail's price line for that size.
        choose(app, "Margherita", window="euro.json — Pizza Split")
        app.press_button("32 Zentimeter")
        # 804,25 cm²: the area of the 32 cm size, once the detail shows it.
        labels = app.wait_for_labels(lambda labels: any(label.startswith("804,25 cm² ") for label in labels),
                                     message="the detail's price line for 32 cm")
        line = next(label for label in labels if label.startswith("804,25 cm² "))
        self.assertEqual(line.rsplit(" macht ", 1)[1].strip(), rows[1][2])
        self.assertEqual(app.quit(), 0)
