"""Search (Ctrl+F and type-ahead) and scrolling the chosen pizza into view, in the real binary.

Which rows the list holds and what the labels say come from AT-SPI; whether a row is on screen is proved by
the row's extents inside the list's scrolled pane (GTK 4.8 keeps off-screen rows out of the tree, but a
recycled row can linger, so the extents decide) and by the pixels that OCR reads."""
import json
import os
import re

import pyatspi

from harness import AppTestCase, wait_for

CAFE_MENU = {"pizzas": [
    {"name": "Cheese", "pricePerSquareInch": 0.03},
    {"name": "Café Special", "pricePerSquareInch": 0.05},
    {"name": "Veggie", "pricePerSquareInch": 0.04},
    {"name": "Pepperoni", "pricePerSquareInch": 0.05},
]}


def row_names(app):
    """The pizza names of the list's rows, in order (a row's accessible name is "Name, price in words")."""
    return [name.split(",")[0] for name in app.list_rows()]


def wait_for_rows(app, expected, message=None):
    last = []

    def holds():
        last[:] = row_names(app)
        return last == expected
    try:
        wait_for(holds, 10, interval=0.1, message=message or f"the rows {expected}")
    except AssertionError as failure:
        raise AssertionError(f"{failure}; the rows are {last}") from None


def selected_row_names(app):
    rows = app.accessibles(role="list item")
    return [row.name.split(",")[0] for row in rows if row.getState().contains(pyatspi.STATE_SELECTED)]


def visible_rows(app):
    """The names of the rows whose extents lie inside the list's visible pane (window coordinates)."""
    lists = app.accessibles(role="list", name="Pizzas")
    pane = lists[0].queryComponent().getExtents(1)
    shown = []
    for row in app.accessibles(role="list item"):
        box = row.queryComponent().getExtents(1)
        if box.height > 0 and box.y >= pane.y - 1 and box.y + box.height <= pane.y + pane.height + 1:
            shown.append(row.name.split(",")[0])
    return shown


def focused_row_names(app):
    return [row.name.split(",")[0] for row in app.accessibles(role="list item")
            if row.getState().contains(pyatspi.STATE_FOCUSED)]


def pizza_zero_painted(app):
    """Whether OCR reads the row "Pizza 0" on screen."""
    return re.search(r"\bPizza [0O]\b", app.screen_text()) is not None


def write_menu(path, count):
    with open(path, "w") as handle:
        handle.write('{"pizzas": [\n')
        handle.write(",\n".join(f'{{"name": "Pizza {index}", "pricePerSquareInch": 0.0{index % 90 + 10}}}'
                                for index in range(count)))
        handle.write("\n]}\n")


class SearchTests(AppTestCase):
    def launch_cafe_menu(self):
        path = os.path.join(self.home, "cafe.json")
        with open(path, "w") as handle:
            json.dump(CAFE_MENU, handle)
        app = self.launch("--menu", path)
        wait_for_rows(app, ["Cheese", "Café Special", "Veggie", "Pepperoni"])
        return app

    def test_ctrl_f_filters_ignoring_case_and_accents_and_escape_restores_the_list_and_selection(self):
        app = self.launch_cafe_menu()
        app.click_word("Veggie")
        app.wait_for_label("Veggie")
        app.key("ctrl+f")
        app.type_text("VEG")
        wait_for_rows(app, ["Veggie"])
        self.assertEqual(selected_row_names(app), ["Veggie"], "the selection is kept while it matches")
        for _ in range(3):
            app.key("BackSpace")
        app.type_text("cafe")
        wait_for_rows(app, ["Café Special"])
        # Veggie no longer matches: still the chosen pizza, in the detail.
        self.assertIn("Veggie", app.labels())
        app.key("Escape")
        wait_for_rows(app, ["Cheese", "Café Special", "Veggie", "Pepperoni"])
        wait_for(lambda: selected_row_names(app) == ["Veggie"], message="Veggie selected again after Escape")
        self.assertEqual(app.quit(), 0)

    def test_the_header_search_button_opens_the_search_narrow_too_and_closes_it_again(self):
        from test_keyboard import wait_for_focus
        app = self.launch_cafe_menu()
        app.resize(500)
        app.click_word("Veggie")
        app.wait_for_label("Veggie")
        # Narrow, on the detail: the button brings the list back with the search field focused.
        app.press_button("Search Pizzas")
        wait_for_focus(app, "entry", "Search pizzas")
        app.type_text("pep")
        wait_for_rows(app, ["Pepperoni"])
        app.press_button("Search Pizzas")
        wait_for_rows(app, ["Cheese", "Café Special", "Veggie", "Pepperoni"])
        self.assertEqual(app.quit(), 0)

    def test_typing_in_the_list_opens_the_search_and_no_match_is_said(self):
        app = self.launch_cafe_menu()
        app.click_word("Cheese")
        app.wait_for_label("Cheese")
        app.type_text("pep")
        wait_for_rows(app, ["Pepperoni"], message="type-ahead filtered the list to Pepperoni")
        app.type_text("x")
        app.wait_for_label("No pizzas match")
        app.wait_for_text("No pizzas match")
        app.key("BackSpace")
        wait_for_rows(app, ["Pepperoni"])
        app.wait_for_no_label("No pizzas match")
        app.key("Escape")
        wait_for_rows(app, ["Cheese", "Café Special", "Veggie", "Pepperoni"])
        wait_for(lambda: selected_row_names(app) == ["Cheese"], message="Cheese selected again after Escape")
        self.assertEqual(app.quit(), 0)

    def test_typing_on_a_found_row_goes_on_in_the_open_search(self):
        app = self.launch_cafe_menu()
        app.key("ctrl+f")
        app.type_text("v")
        wait_for_rows(app, ["Veggie"])
        app.click_word("Veggie")
        app.wait_for_label("Veggie")
        app.type_text("x")
        app.wait_for_label("No pizzas match")
        app.key("BackSpace")
        wait_for_rows(app, ["Veggie"])
        self.assertEqual(app.quit(), 0)

    def test_narrowing_while_typing_a_search_that_hides_the_chosen_pizza_keeps_the_list_and_the_typing(self):
        for width in (500, 780):
            with self.subTest(width=width):
                self.narrow_while_searching(width)

    def narrow_while_searching(self, width):
        """Wide, Veggie chosen, a search typed that hides it; then the window narrows to `width` (the stack, or the
        list over the detail): the list the user searches stays on screen and the field keeps the keys."""
        from test_keyboard import wait_for_focus
        app = self.launch_cafe_menu()
        app.resize(960)
        app.click_word("Veggie")
        app.wait_for_label("Veggie")
        app.key("ctrl+f")
        app.type_text("pe")
        wait_for_rows(app, ["Café Special", "Pepperoni"])
        app.resize(width)
        wait_for_focus(app, "entry", "Search pizzas", message="the search field keeps the focus through the new layout")
        app.type_text("p")
        wait_for_rows(app, ["Pepperoni"])
        field = app.accessibles(role="entry", name="Search pizzas")[0].queryText()
        self.assertEqual(field.getText(0, field.characterCount), "pep")
        app.wait_for_text("Pepperoni")
        app.key("Return")
        app.wait_for_label("Pepperoni")
        self.assertEqual(app.quit(), 0)

    def test_a_menu_of_long_names_is_searched(self):
        path = os.path.join(self.home, "long.json")
        with open(path, "w") as handle:
            json.dump({"pizzas": [{"name": f"Pizza number {index} with a longer name", "pricePerSquareInch": 0.05}
                                  for index in range(400)]}, handle)
        app = self.launch("--menu", path)
        app.key("ctrl+f")
        app.type_text("number 399 ")
        wait_for_rows(app, ["Pizza number 399 with a longer name"])
        self.assertEqual(app.quit(), 0)

    def test_enter_in_the_search_chooses_the_first_match(self):
        app = self.launch_cafe_menu()
        app.key("ctrl+f")
        app.type_text("pepp")
        wait_for_rows(app, ["Pepperoni"])
        app.key("Return")
        app.wait_for_label("Pepperoni")
        wait_for(lambda: selected_row_names(app) == ["Pepperoni"], message="Pepperoni chosen by Enter")
        self.assertEqual(app.quit(), 0)

    def test_delete_undo_and_add_while_searching(self):
        app = self.launch_cafe_menu()
        app.key("ctrl+f")
        app.type_text("i")
        wait_for_rows(app, ["Café Special", "Veggie", "Pepperoni"])
        app.key("Return")
        wait_for(lambda: selected_row_names(app) == ["Café Special"], message="the first match chosen")
        app.key("Delete")
        wait_for_rows(app, ["Veggie", "Pepperoni"], message="the deleted pizza gone from the filtered list")
        app.key("ctrl+z")
        wait_for_rows(app, ["Café Special", "Veggie", "Pepperoni"], message="the undone delete back in the filtered list")
        wait_for(lambda: selected_row_names(app) == ["Café Special"], message="the pizza brought back chosen")
        # A new pizza the query does not match closes the search, so that it can be seen.
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Ham")
        app.key("Return")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_no_window("New Pizza")
        wait_for_rows(app, ["Cheese", "Café Special", "Veggie", "Pepperoni", "Ham"])
        wait_for(lambda: selected_row_names(app) == ["Ham"], message="the new pizza chosen")
        self.wait_for_saved(lambda menu: [pizza["name"] for pizza in menu["pizzas"]]
                            == ["Cheese", "Café Special", "Veggie", "Pepperoni", "Ham"], "Ham saved",
                            path=os.path.join(self.home, "cafe.json"))
        self.assertEqual(app.quit(), 0)


class ScrollIntoViewTests(AppTestCase):
    def test_a_pizza_added_to_a_long_list_is_scrolled_into_view_and_selected(self):
        path = os.path.join(self.home, "long.json")
        write_menu(path, 2000)
        app = self.launch("--menu", path)
        wait_for(lambda: "Pizza 0" in visible_rows(app), message="the top of the list")
        # Chosen with Enter, the focus is in the detail: the list does not follow the focus to the new row.
        app.key("Return")
        app.wait_for_label("Pizza 0")
        app.key("ctrl+n")
        dialog = app.dialog("New Pizza")
        app.type_text("Zucchini")
        app.key("Return")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_no_window("New Pizza")
        wait_for(lambda: "Zucchini" in visible_rows(app), message="the new pizza's row on screen")
        self.assertEqual(selected_row_names(app), ["Zucchini"])
        app.wait_for_text("Zucchini")
        del dialog
        self.assertEqual(app.quit(), 0)

    def test_a_searched_for_pizza_stays_in_view_when_the_search_ends(self):
        path = os.path.join(self.home, "long.json")
        write_menu(path, 2000)
        app = self.launch("--menu", path)
        wait_for(lambda: "Pizza 0" in visible_rows(app), message="the top of the list")
        self.assertTrue(pizza_zero_painted(app), "the top row is read on screen")
        app.key("ctrl+f")
        app.type_text("1500")
        wait_for(lambda: "Pizza 1500" in row_names(app), message="Pizza 1500 found")
        app.key("Return")
        app.wait_for_label("Pizza 1500")
        # Back in the search field (Enter moved the focus to the row), Escape ends the search from there.
        app.key("ctrl+f")
        app.key("Escape")
        wait_for(lambda: "Pizza 1500" in visible_rows(app), message="Pizza 1500 on screen after the search")
        self.assertEqual(selected_row_names(app), ["Pizza 1500"])
        # Pixels, not extents: GTK 4.8 leaves a row kept off screen (the one that had the focus) at the
        # extents it had on screen.
        self.assertFalse(pizza_zero_painted(app), "the list is scrolled to Pizza 1500, not left at the top")
        self.assertEqual(app.quit(), 0)

    def launch_and_search_then_escape_from_the_list(self, number):
        """2000 pizzas; Pizza `number` found by a search, chosen with Enter, and the search ended by Escape in the
        list, with every pizza back and the chosen one on screen."""
        path = os.path.join(self.home, "long.json")
        write_menu(path, 2000)
        app = self.launch("--menu", path)
        app.key("ctrl+f")
        app.type_text(str(number))
        wait_for(lambda: f"Pizza {number}" in row_names(app), message=f"Pizza {number} found")
        app.key("Return")
        app.wait_for_label(f"Pizza {number}")
        app.key("Escape")
        wait_for(lambda: f"Pizza {number}" in visible_rows(app) and len(row_names(app)) > 1,
                 message=f"every pizza back, Pizza {number} on screen")
        return app

    def test_escape_in_the_list_ends_the_search_with_the_found_pizza_in_view(self):
        app = self.launch_and_search_then_escape_from_the_list(1234)
        self.assertEqual(selected_row_names(app), ["Pizza 1234"])
        self.assertEqual(app.quit(), 0)

    def test_down_from_the_search_field_goes_to_the_chosen_pizza_among_the_matches(self):
        app = self.launch_and_search_then_escape_from_the_list(1500)
        app.key("ctrl+f")
        app.type_text("Pizza 1")
        wait_for(lambda: "Pizza 1500" in row_names(app) and all(name.startswith("Pizza 1") for name in row_names(app)),
                 message="the matches of Pizza 1")
        app.key("Down")
        wait_for(lambda: focused_row_names(app) == ["Pizza 1500"], message="the focus on Pizza 1500")
        self.assertIn("Pizza 1500", visible_rows(app))
        self.assertEqual(selected_row_names(app), ["Pizza 1500"])
        # With the chosen pizza not among the matches, Down goes to the first match.
        app.key("ctrl+f")
        app.type_text("Pizza 2")
        wait_for(lambda: row_names(app)[:2] == ["Pizza 2", "Pizza 20"], message="the matches of Pizza 2")
        app.key("Down")
        wait_for(lambda: focused_row_names(app) == ["Pizza 2"], message="the focus on the first match")
        self.assertIn("Pizza 2", visible_rows(app))
        self.assertEqual(app.quit(), 0)
