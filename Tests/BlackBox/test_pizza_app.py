import json
import os
import subprocess
import time

from harness import SCREENSHOTS, AppTestCase, focused_window, stays, wait_for, xdotool
from test_keyboard import wait_for_focus

WIDE = 1000
NARROW = 520
DEFAULT_ROWS = ["Cheese, 0.030 dollars per square inch", "Sausage, 0.060 dollars per square inch",
                "Pepperoni, 0.050 dollars per square inch", "Veggie, 0.040 dollars per square inch"]


def add_pizza(app, name, price):
    """Fills in the New Pizza dialog (already asked for) and submits it; returns the dialog's window."""
    dialog = app.dialog("New Pizza")
    app.type_text(name)
    app.key("Return")
    app.type_text(price)
    app.key("Return")
    return dialog


def discard_new_pizza(app):
    """Answers Discard Pizza to the question Escape asks in a New Pizza dialog with something typed in it."""
    app.dialog("Unsaved Changes")
    app.key("alt+d")  # Discard Pizza's mnemonic
    app.wait_for_no_window("New Pizza")


def is_pushed(app):
    """Whether the narrow detail is on top: its bar's Back button is there (a hidden widget is out of the tree)."""
    return bool(app.accessibles(role="push button", name="Back to Pizzas", window="Pizza Split"))


def header_title(app):
    """The title of the header bar on top: with Back (the narrow detail pushed), the detail's bar's, which names the
    pizza (the first label after the list's rows); otherwise the list's bar's, the app's name (the first label)."""
    nodes = app.accessibles(window="Pizza Split")
    labels = [node for node in nodes if node.getRoleName() == "label"]
    if not any(node.getRoleName() == "push button" and node.name == "Back to Pizzas" for node in nodes):
        # The list's bar: on top when the list is (in the middle layout, out of the tree while the list is closed).
        return labels[0].name if labels else None
    in_rows = [i for i, node in enumerate(labels)
               if "list item" in (node.parent.getRoleName(), node.parent.parent.getRoleName())]
    after = in_rows[-1] + 1 if in_rows else 1
    return labels[after].name if after < len(labels) else None


def wait_for_title(app, expected):
    """The header bar's title: the pizza when the narrow detail is on top, else the app's name."""
    last = []

    def holds():
        last[:] = [header_title(app)]
        return last[0] == expected
    try:
        wait_for(holds, timeout=10, interval=0.1, message=f"the header title {expected!r}")
    except AssertionError as failure:
        raise AssertionError(f"{failure}; it is {last}") from None


def list_on_screen(app):
    """Whether the list is painted: OCR finds two of its rows' names (the detail shows one name at most, and OCR
    now and then misreads one word)."""
    text = app.screen_text()
    return sum(name in text for name in ("Cheese", "Sausage", "Pepperoni", "Veggie")) >= 2


class ChoosingTests(AppTestCase):
    def test_choose_a_pizza_and_a_size_and_read_the_price(self):
        app = self.launch()
        app.wait_for_label("Choose a pizza")
        app.click_word("Pepperoni")
        app.wait_for_label("113.10 sq in at $  0.05 is $  5.65")
        self.assertIn("Pepperoni", app.labels())
        # Keyboard: Enter shows the detail and focuses the chosen size (12"); the sizes are one Tab stop, so
        # Right moves to 16", and Space presses it.
        app.key("Return", "Right", "space")
        app.wait_for_label("16.0in Pizza")
        app.wait_for_label("201.06 sq in at $  0.05 is $ 10.05")
        # Painted, not only held by the widgets.
        app.wait_for_text("201.06")
        self.assertEqual(app.quit(), 0)

    def test_a_size_chosen_before_a_pizza_is_kept_and_used(self):
        app = self.launch()
        app.wait_for_label("Choose a pizza")
        app.click_word("Personal")
        app.wait_for_label("8.0in Pizza")
        app.click_word("Veggie")
        app.wait_for_label(" 50.27 sq in at $  0.04 is $  2.01")
        self.assertEqual(app.quit(), 0)

    def test_another_pizza_chosen_opens_its_detail_at_the_top_not_where_the_last_one_was_scrolled(self):
        app = self.launch()
        app.resize(1000, 420)
        app.click_word("Cheese")
        app.wait_for_label("Cheese")
        app.wait_for_text("Personal")
        # The wheel over the detail scrolls it down, to its fields: the size buttons go out of view.
        for _ in range(10):
            app.hover(700, 300)
            xdotool("click", "5")
        app.wait_for_no_text("Personal")
        app.click_word("Sausage")
        app.wait_for_label("Sausage")
        app.wait_for_text("Personal")
        self.assertEqual(app.quit(), 0)

    def test_a_name_with_no_spaces_breaks_in_the_detail_and_never_widens_the_window(self):
        long_word = "W" * 200
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            json.dump({"pizzas": [{"name": long_word, "pricePerSquareInch": 0.02},
                                  {"name": "Donaudampfschifffahrtsgesellschaftspizza", "pricePerSquareInch": 0.03}]}, handle)
        app = self.launch()
        app.resize(960, 640)
        for name in (long_word, "Donaudampfschifffahrtsgesellschaftspizza"):
            row = next(row for row in app.accessibles(role="list item") if row.name.startswith(name[:20]))
            box = row.queryComponent().getExtents(1)
            app.click(box.x + box.width // 2, box.y + box.height // 2)
            app.wait_for_label(name)
            stays(lambda: app.geometry() == (960, 640), seconds=1, message=f"the window at 960 px with {name[:12]}… shown")
            # Narrower still, as far as the phone layout: the heading breaks, the window follows.
            app.resize(360, 640)
            app.wait_for_label(name)
            app.resize(960, 640)
        self.assertEqual(app.quit(), 0)

    def test_resize_across_the_threshold_and_back(self):
        app = self.launch()
        app.click_word("Sausage")
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        app.resize(NARROW)
        # Collapsed with a selection: the detail is on top, the list is gone, the title is the pizza.
        wait_for_title(app, "Sausage")
        wait_for(lambda: not list_on_screen(app) and "Set Price" in app.screen_text(),
                 message="the detail alone on screen")
        app.resize(WIDE)
        wait_for_title(app, "Pizza Split")
        wait_for(lambda: all(word in app.screen_text() for word in ("Cheese", "Veggie", "Set")),
                 message="the list and the detail side by side")
        self.assertEqual(app.quit(), 0)

    def test_collapsing_with_nothing_selected_shows_the_list(self):
        app = self.launch()
        app.resize(NARROW)
        wait_for(lambda: "Pepperoni" in app.screen_text() and "Choose" not in app.screen_text(),
                 message="the list alone on screen")
        self.assertEqual(app.list_rows(), DEFAULT_ROWS)
        self.assertEqual(app.quit(), 0)


class ThresholdTests(AppTestCase):
    """The pizza app's own layout: side by side from 900 px (back to the list over the detail below 860), the list
    over the detail down to the collapse (below 720, expanding again at 760), the stack below. The thresholds apply
    to the split view's own width, which is the X window's less GTK's client-side frame (between 10 and 20 px on
    this bare X server, measured by stepping the width), so each width here keeps 25 px clear of a threshold:
    close enough that a threshold moved by 30 px fails, far enough that the frame does not matter. In the middle
    layout the list is closed (off screen) and there is no Back; in the stack the pushed detail's bar, with Back,
    names the pizza."""

    def test_collapses_below_720_and_expands_at_760(self):
        app = self.launch()
        app.click_word("Sausage")
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        app.resize(745)
        wait_for(lambda: not is_pushed(app), message="not collapsed: no Back")
        wait_for(lambda: not list_on_screen(app), message="the list over the detail, closed, above 720 px")
        app.resize(715)
        wait_for_title(app, "Sausage")
        # Between the two thresholds it stays as it was, whichever way it came.
        app.resize(745)
        wait_for_title(app, "Sausage")
        self.assertFalse(list_on_screen(app), "still collapsed between 720 and 760 px on the way up")
        app.resize(785)
        wait_for(lambda: not is_pushed(app), message="not collapsed: no Back")
        app.resize(745)
        wait_for(lambda: not is_pushed(app), message="not collapsed: no Back")
        self.assertEqual(app.quit(), 0)

    def test_side_by_side_from_900_and_the_list_over_the_detail_below_860(self):
        app = self.launch()
        app.click_word("Sausage")
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        app.resize(925)
        wait_for(lambda: list_on_screen(app), message="side by side above 900 px")
        app.resize(885)
        self.assertTrue(list_on_screen(app), "still side by side between 900 and 860 px on the way down")
        app.resize(845)
        wait_for(lambda: not list_on_screen(app), message="the list over the detail, closed, below 860 px")
        wait_for(lambda: not is_pushed(app), message="not collapsed: no Back")
        app.resize(885)
        self.assertFalse(list_on_screen(app), "still the middle layout between 860 and 900 px on the way up")
        app.resize(925)
        wait_for(lambda: list_on_screen(app), message="side by side again from 900 px")
        self.assertEqual(app.quit(), 0)


class PhoneWidthTests(AppTestCase):
    def test_at_360_px_every_size_and_the_whole_price_line_are_on_screen(self):
        app = self.launch()
        app.click_word("Sausage")
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        app.resize(360, 640)
        wait_for_title(app, "Sausage")
        # Painted, not only present: OCR (pinned fonts) finds each size label and the line's last figure.
        for word in ["Personal", "10\"", "12\"", "16\"", "18\"", "24\"", "6.79"]:
            x, y = app.find_word(word)
            self.assertTrue(0 <= x < 360 and 0 <= y < 640, f"{word} at {x},{y} is inside the window")
        # The line wraps between the amounts, never inside one: the price's "$" is on the line of its figure.
        words = app.words()
        total = next((x, y) for text, x, y in words if text == "6.79")
        dollars = [(x, y) for text, x, y in words if text == "$" and abs(y - total[1]) < 8 and x < total[0]]
        self.assertTrue(dollars, f"a $ left of 6.79 on its line; the words: {words}")
        self.assertEqual(app.quit(), 0)


class BackTests(AppTestCase):
    def open_narrow_detail(self):
        app = self.launch()
        app.resize(NARROW)
        app.click_word("Veggie")
        wait_for_title(app, "Veggie")
        wait_for(lambda: not list_on_screen(app) and "Set" in app.screen_text(),
                 message="the detail painted over the list")
        return app

    def assert_list_is_back(self, app):
        wait_for_title(app, "Pizza Split")
        wait_for(lambda: list_on_screen(app) and "Set" not in app.screen_text(), message="the list back on top")

    def test_back_button(self):
        app = self.open_narrow_detail()
        app.click(28, 26)
        self.assert_list_is_back(app)
        self.assertEqual(app.quit(), 0)

    def test_alt_left(self):
        app = self.open_narrow_detail()
        app.key("alt+Left")
        self.assert_list_is_back(app)
        # The row is still selected and has focus: Enter shows it again.
        app.key("Return")
        wait_for_title(app, "Veggie")
        self.assertEqual(app.quit(), 0)

    def test_escape(self):
        app = self.open_narrow_detail()
        app.key("Escape")
        self.assert_list_is_back(app)
        self.assertEqual(app.quit(), 0)

    def test_alt_left_and_escape_go_back_from_the_header_bar(self):
        for key in ("alt+Left", "Escape"):
            app = self.open_narrow_detail()
            app.key("F6")  # the focus moves on to the header bar
            wait_for_focus(app, "push button", "Back to Pizzas")
            app.key(key)
            self.assert_list_is_back(app)
            self.assertEqual(app.quit(), 0)

    def test_mouse_back_button(self):
        app = self.open_narrow_detail()
        app.click(250, 600, button=8)
        self.assert_list_is_back(app)
        self.assertEqual(app.quit(), 0)

    def test_a_drag_from_the_leading_edge_follows_the_pointer_and_goes_back_unless_let_go_early(self):
        app = self.open_narrow_detail()

        def drag_to(x, y=300):
            # Inside the window's border (a press on it resizes the window), within the view's leading 24 px.
            xdotool("mousemove", "--window", app.window, "--sync", "10", str(y))
            xdotool("mousedown", "1")
            for step in range(1, 5):
                xdotool("mousemove", "--window", app.window, "--sync", str(10 + (x - 10) * step // 4), str(y))
        # A third of 520 px is 173: let go at 150 px after a pause, the detail slides back.
        drag_to(150)
        wait_for(lambda: "Cheese" in app.screen_text(), message="the list under the detail as it moves")
        app.screenshot(os.path.join(SCREENSHOTS, "swipe-back-midway.png"))
        wait_for_title(app, "Veggie")
        time.sleep(0.3)
        xdotool("mouseup", "1")
        wait_for(lambda: not list_on_screen(app) and "Set" in app.screen_text(), message="the detail back in place")
        wait_for_title(app, "Veggie")
        drag_to(300)
        time.sleep(0.3)
        xdotool("mouseup", "1")
        self.assert_list_is_back(app)
        self.assertEqual(app.quit(), 0)

    def test_narrowing_again_returns_to_the_list_the_user_went_back_to(self):
        app = self.open_narrow_detail()
        app.key("alt+Left")
        self.assert_list_is_back(app)
        app.resize(WIDE)
        wait_for(lambda: list_on_screen(app) and "Set" in app.screen_text(), message="side by side")
        app.resize(NARROW)
        self.assert_list_is_back(app)
        # A pizza chosen while wide is what narrowing shows.
        app.resize(WIDE)
        app.click_word("Cheese")
        app.wait_for_label("113.10 sq in at $  0.03 is $  3.39")
        app.resize(NARROW)
        wait_for_title(app, "Cheese")
        # So is the detail the user was working in: back, wide, a size clicked, then narrow.
        app.key("alt+Left")
        self.assert_list_is_back(app)
        app.resize(WIDE)
        app.click_word('16"')
        app.wait_for_label("201.06 sq in at $  0.03 is $  6.03")
        app.resize(NARROW)
        wait_for_title(app, "Cheese")
        self.assertEqual(app.quit(), 0)


class ListToggleTests(AppTestCase):
    def test_f9_hides_and_shows_the_list_when_wide(self):
        app = self.launch()
        wait_for(lambda: list_on_screen(app), message="the list on screen")
        app.key("F9")
        wait_for(lambda: not list_on_screen(app) and "Choose" in app.screen_text(), message="the list hidden")
        app.key("F9")
        wait_for(lambda: list_on_screen(app), message="the list shown again")
        self.assertEqual(app.quit(), 0)


class EditingTests(AppTestCase):
    def test_escape_in_new_pizza_with_typing_asks_before_discarding_it(self):
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.key("Escape")
        app.wait_for_no_window("New Pizza")
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Half")
        app.key("Escape")
        app.dialog("Unsaved Changes")
        app.wait_for_label("“Half” has not been added to the menu.", window="Unsaved Changes")
        app.key("Escape")
        app.wait_for_no_window("Unsaved Changes")
        dialog = app.dialog("New Pizza")
        app.type_text("s")
        app.key("Escape")
        discard_new_pizza(app)
        self.assertNotIn("Halfs, ", " ".join(app.list_rows()))
        self.assertEqual(app.quit(), 0)

    def test_ctrl_q_in_new_pizza_asks_about_the_typed_pizza_then_quits(self):
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Half")
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+d")  # Discard Pizza's mnemonic
        self.assertEqual(app.wait_exit(15), 0)

    def test_a_second_launch_while_new_pizza_is_open_asks_first_and_never_adds_to_the_other_menu(self):
        other = os.path.join(self.home, "other.json")
        with open(other, "w") as handle:
            json.dump({"pizzas": [{"name": "Calzone", "pricePerSquareInch": 0.07}]}, handle)
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Half")
        app.key("Return")
        app.type_text("0.09")
        second = self.launch(other, wait=False)
        self.assertEqual(second.wait_exit(15), 0)
        app.dialog("Unsaved Changes")
        app.wait_for_label("“Half” has not been added to the menu.", window="Unsaved Changes")
        app.key("Escape")  # Keep Editing
        app.dialog("New Pizza")
        app.key("Return")
        app.wait_for_no_window("New Pizza")
        wait_for(lambda: "Half, 0.090 dollars per square inch" in app.list_rows(), message="Half added to this menu")
        self.assertNotIn("other.json", app.title())
        with open(other) as handle:
            self.assertNotIn("Half", handle.read(), "nothing added to the other menu")
        self.assertEqual(app.quit(), 0)

    def test_add_edit_and_delete_survive_a_restart(self):
        app = self.launch()
        app.key("ctrl+n")
        add_pizza(app, "Margherita", "0.045")
        wait_for(lambda: "Margherita, 0.045 dollars per square inch" in app.list_rows(), message="the new row")
        self.wait_for_saved(lambda menu: {"name": "Margherita", "pricePerSquareInch": 0.045} in menu["pizzas"],
                            "Margherita saved")

        # Edit the price in the detail: its field is the lowest "0.045" (the list and the price line show it too).
        x, y = max(((x, y) for text, x, y in app.words() if text == "0.045"), key=lambda point: point[1])
        app.click(int(x), int(y))
        app.key("ctrl+a")
        app.type_text("0.07")
        app.key("Return")
        wait_for(lambda: {"name": "Margherita", "pricePerSquareInch": 0.07} in self.read_menu()["pizzas"],
                 message="the new price saved")
        wait_for(lambda: "Margherita, 0.070 dollars per square inch" in app.list_rows(), message="the row repriced")

        # Delete Cheese, then Undo, then delete it for good.
        app.click_word("Cheese")
        app.key("Delete")
        app.wait_for_label("Deleted “Cheese”")
        self.wait_for_saved(lambda menu: "Cheese" not in [p["name"] for p in menu["pizzas"]], "the delete saved")
        # The toast's Undo, by pointer: resting on the toast keeps it while OCR finds the button.
        width, height = app.geometry()
        app.hover(width // 2, height - 45)
        app.click_word("Undo")
        wait_for(lambda: self.read_menu()["pizzas"][0]["name"] == "Cheese", message="Cheese restored in place")
        self.assertEqual(app.list_rows()[0], DEFAULT_ROWS[0])
        # Undo selects the restored pizza and puts focus on its row.
        app.key("Delete")
        wait_for(lambda: "Cheese" not in [p["name"] for p in self.read_menu()["pizzas"]], message="Cheese deleted")
        self.assertEqual(app.quit(), 0)

        again = self.launch()
        wait_for(lambda: again.list_rows(), message="the rows")
        self.assertEqual(again.list_rows(), DEFAULT_ROWS[1:] + ["Margherita, 0.070 dollars per square inch"])
        self.assertEqual(again.quit(), 0)

    def test_plus_button_adds_a_pizza(self):
        app = self.launch()
        # The + button sits at the start of the list's header bar: clicked where AT-SPI says it is drawn.
        add = wait_for(lambda: (app.accessibles(role="push button", name="Add Pizza") or [None])[0], message="the + button")
        box = add.queryComponent().getExtents(1)  # window coordinates: GTK 4 has no screen ones
        app.click(box.x + box.width // 2, box.y + box.height // 2)
        add_pizza(app, "Funghi", "0.02")
        wait_for(lambda: app.list_rows()[-1:] == ["Funghi, 0.020 dollars per square inch"], message="the new row")
        app.wait_for_label("113.10 sq in at $  0.02 is $  2.26")
        self.wait_for_saved(lambda menu: menu["pizzas"][-1] == {"name": "Funghi", "pricePerSquareInch": 0.02}, "Funghi saved")
        self.assertEqual(app.quit(), 0)

    def test_enter_in_the_name_field_adds_once_the_price_is_filled_in(self):
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.key("Tab")
        app.type_text("0.03")
        app.key("shift+Tab")
        app.type_text("Calzone")
        app.key("Return")
        app.wait_for_no_window("New Pizza")
        wait_for(lambda: app.list_rows()[-1:] == ["Calzone, 0.030 dollars per square inch"], message="the new row")
        self.wait_for_saved(lambda menu: menu["pizzas"][-1] == {"name": "Calzone", "pricePerSquareInch": 0.03}, "Calzone saved")
        # The main window has the keyboard again, with no window manager to hand it back.
        wait_for(lambda: focused_window() == app.window, message="the main window focused after the dialog")
        self.assertEqual(app.quit(), 0)

    def test_enter_on_a_name_that_cannot_be_added_tells_why_and_stays_on_the_name(self):
        name_missing = "Enter a name for the pizza."
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.key("Return")
        labels = app.wait_for_labels(lambda labels: name_missing in labels, window="New Pizza",
                                     message="the empty name's message after Enter")
        self.assertLess(labels.index(name_missing), labels.index("Price per square inch ($)"))
        app.type_text("cheese")
        app.wait_for_no_label(name_missing, window="New Pizza")
        app.key("Return")
        app.wait_for_label("There is already a pizza called “Cheese”.", window="New Pizza")
        # Still in the name field: what is typed next replaces the name, and Enter then moves on to the price.
        app.key("ctrl+a")
        app.type_text("Funghi")
        app.key("Return")
        app.type_text("0.02")
        app.key("Return")
        app.wait_for_no_window("New Pizza")
        wait_for(lambda: app.list_rows()[-1:] == ["Funghi, 0.020 dollars per square inch"], message="the new row")
        self.wait_for_saved(lambda menu: menu["pizzas"][-1] == {"name": "Funghi", "pricePerSquareInch": 0.02}, "Funghi saved")
        app.focus()
        self.assertEqual(app.quit(), 0)

    def test_right_click_delete_removes_the_row_and_saves(self):
        app = self.launch()
        app.click_word("Sausage", button=3)
        menu = app.popup()
        app.click_word("Delete", window=menu)
        wait_for(lambda: app.list_rows() == [DEFAULT_ROWS[0]] + DEFAULT_ROWS[2:], message="Sausage gone from the list")
        app.wait_for_label("Deleted “Sausage”")
        self.wait_for_saved(lambda menu: [p["name"] for p in menu["pizzas"]] == ["Cheese", "Pepperoni", "Veggie"],
                            "the delete saved")
        self.assertEqual(app.quit(), 0)

    def test_invalid_new_pizza_shows_the_model_message_and_keeps_the_typing(self):
        app = self.launch()
        app.key("ctrl+n")
        dialog = app.dialog("New Pizza")
        app.type_text("cheese")
        app.key("Tab")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_label("There is already a pizza called “Cheese”.", window="New Pizza")
        self.assertFalse(os.path.exists(self.menu_path), "nothing was saved")
        app.key("End")
        # What was typed is still painted in the name field.
        app.wait_for_text("cheese", window=dialog)
        app.key("ctrl+a")
        app.type_text("Funghi")
        app.key("Tab")
        app.key("ctrl+a")
        app.type_text("-1")
        app.key("Return")
        app.wait_for_label("The price per square inch must be more than 0.", window="New Pizza")
        app.key("Escape")
        discard_new_pizza(app)
        self.assertFalse(os.path.exists(self.menu_path))
        app.focus()
        self.assertEqual(app.quit(), 0)

    def test_the_new_pizza_dialog_tells_every_problem_at_once_each_under_its_own_field(self):
        name_missing = "Enter a name for the pizza."
        price_missing = "Enter the price per square inch as a number, like 0.05."
        too_long = "A name can be at most 200 characters long; this one has 201."
        price_caption = "Price per square inch ($)"
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.key("alt+a")  # the Add button's mnemonic
        labels = app.wait_for_labels(lambda labels: name_missing in labels and price_missing in labels,
                                     window="New Pizza", message="both fields' messages after Add with nothing typed")
        self.assertLess(labels.index(name_missing), labels.index(price_caption), "the name's message under the name")
        self.assertGreater(labels.index(price_missing), labels.index(price_caption))
        # The focus is in the name field, the first to fix. A name's other problems go under the name too.
        app.type_text("x" * 201)
        app.key("Tab")
        app.type_text("0.05")
        app.key("Return")
        labels = app.wait_for_labels(lambda labels: too_long in labels and price_missing not in labels,
                                     window="New Pizza", message="the long name's message alone")
        self.assertLess(labels.index(too_long), labels.index(price_caption), "the long name's message under the name")
        self.assertFalse(os.path.exists(self.menu_path), "nothing was saved")
        app.key("Escape")
        discard_new_pizza(app)
        app.focus()
        self.assertEqual(app.quit(), 0)

    def test_the_new_pizza_dialog_shrinks_back_when_its_message_goes_away(self):
        def size(window):
            out = xdotool("getwindowgeometry", "--shell", window)
            values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
            return int(values["WIDTH"]), int(values["HEIGHT"])
        app = self.launch()
        app.key("ctrl+n")
        dialog = app.dialog("New Pizza")
        before = size(dialog)
        app.type_text("cheese")
        app.key("Tab")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_label("There is already a pizza called “Cheese”.", window="New Pizza")
        wait_for(lambda: size(dialog)[1] > before[1], message="the dialog grew to show the message")
        # The focus is back in the name field, with the message under it.
        app.key("End")
        app.type_text("s")
        app.wait_for_text("cheeses", window=dialog)
        wait_for(lambda: size(dialog) == before, message=f"the dialog back at {before}")
        app.key("Escape")
        discard_new_pizza(app)
        app.focus()
        self.assertEqual(app.quit(), 0)


class ErrorTests(AppTestCase):
    def test_broken_menu_file_opens_with_a_message_and_is_set_aside_at_the_first_edit(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        broken = '{"pizzas": [{"name": "Cheese",\n  "pricePerSquareInch": "cheap"}]}'
        with open(self.menu_path, "w") as handle:
            handle.write(broken)
        app = self.launch()
        message = wait_for(lambda: next((label for label in app.labels() if label.startswith("Could not open")), None),
                           message="the load message")
        self.assertEqual(message, f"Could not open your menu. {self.menu_path}: line 2, column 25: expected a number "
                                  'for "pricePerSquareInch" of pizza 1, found a string. Showing the default menu. '
                                  "Your file is left as it is; at your first change it is kept beside the new one "
                                  "as menu.json.broken.")
        self.assertEqual(app.list_rows(), DEFAULT_ROWS, "the default menu is shown")
        with open(self.menu_path) as handle:
            self.assertEqual(handle.read(), broken, "loading never writes")
        app.click_word("Veggie")
        app.key("Delete")
        # Kept aside by a link, the broken file stays in place until the new menu is renamed over it.
        wait_for(lambda: os.path.exists(self.menu_path + ".broken") and open(self.menu_path).read() != broken,
                 message="the broken file kept aside and the new menu written")
        with open(self.menu_path + ".broken") as handle:
            self.assertEqual(handle.read(), broken)
        self.assertEqual([p["name"] for p in self.read_menu()["pizzas"]], ["Cheese", "Sausage", "Pepperoni"])
        self.assertEqual(app.quit(), 0)

    def test_a_save_that_fails_says_so_keeps_the_edit_and_try_again_saves_it(self):
        # A file where the data folder should be: the save cannot create the folder.
        data = os.path.join(self.home, "data")
        with open(data, "w") as handle:
            handle.write("not a folder")
        app = self.launch()
        veggie = app.find_word("Veggie")
        app.key("ctrl+n")
        add_pizza(app, "Funghi", "0.05")
        app.wait_for_label(f"Could not save your menu: {data} is a file, not a folder. "
                           "Your changes are kept in this window.")
        # The message comes below the content: the rows under the pointer stay where they were.
        self.assertEqual(app.find_word("Veggie")[1], veggie[1])
        self.assertEqual(app.list_rows()[-1], "Funghi, 0.050 dollars per square inch")
        app.wait_for_text("Try Again")
        # The user clears the way and asks again: the kept edit is saved.
        os.remove(data)
        app.click_word("Try")
        wait_for(lambda: os.path.exists(self.menu_path), message="the menu saved by Try Again")
        self.assertEqual(self.read_menu()["pizzas"][-1], {"name": "Funghi", "pricePerSquareInch": 0.05})
        app.wait_for_labels(lambda labels: not any(label.startswith("Could not save") for label in labels),
                            message="the message gone")
        self.assertEqual(app.quit(), 0)


class SingleInstanceTests(AppTestCase):
    def visible_main_windows(self):
        return [w for w in xdotool("search", "--onlyvisible", "--name", "^Pizza Split$", check=False).split() if w]

    def test_second_launch_presents_the_existing_window(self):
        first = self.launch()
        second = self.launch(wait=False)
        # While the second process runs it never maps a window of its own, and no other main window appears.
        while second.process.poll() is None:
            self.assertEqual(second.find_window(""), None, "the second process mapped a window")
            self.assertEqual([w for w in self.visible_main_windows() if w != first.window], [])
        status = second.wait_exit(15)
        self.assertEqual(status, 0)
        wait_for(lambda: self.visible_main_windows() == [first.window], message="the first window, alone")
        self.assertIsNone(first.process.poll(), "the first app still runs")
        self.assertEqual(first.quit(), 0)


class RestoreTests(AppTestCase):
    @property
    def state_path(self):
        return os.path.join(self.home, "state", "pizza-split", "window-state")

    def read_state(self):
        with open(self.state_path) as handle:
            return dict(line.split("=", 1) for line in handle.read().splitlines())

    def divider_x(self, app, y=300):
        """The x of the pane divider: the one-pixel line between the list and the detail, found in the pixels."""
        shot = app.screenshot()
        width, _ = app.geometry()
        row = subprocess.run(["convert", shot, "-crop", f"{width}x1+0+{y}", "txt:-"], capture_output=True,
                             text=True, check=True, timeout=30).stdout.splitlines()[1:]
        colours = [line.split()[2] for line in row]
        # Between the list (white) and the detail (light grey), away from the window's own border.
        for x in range(60, width - 60):
            if colours[x - 1] == "#FFFFFF" and colours[x + 1] != "#FFFFFF" and colours[x] != colours[x + 1]:
                return x
        return None

    def test_window_size_selection_size_and_list_visibility_are_restored(self):
        app = self.launch()
        app.click_word("Sausage")
        app.key("Return", "Left", "space")
        app.wait_for_label("10.0in Pizza")
        app.resize(1100, 720)
        app.key("F9")
        wait_for(lambda: not list_on_screen(app), message="the list hidden")
        self.assertEqual(app.quit(), 0)
        again = self.launch()
        self.assertEqual(again.geometry(), (1100, 720))
        again.wait_for_label("10.0in Pizza")
        again.wait_for_label(" 78.54 sq in at $  0.06 is $  4.71")
        self.assertFalse(list_on_screen(again))
        self.assertEqual(again.quit(), 0)

    def write_state(self, text):
        os.makedirs(os.path.dirname(self.state_path))
        with open(self.state_path, "w") as handle:
            handle.write(text)

    def test_divider_position_is_restored(self):
        self.write_state("width=1000\nheight=700\n")
        app = self.launch()
        start = wait_for(lambda: self.divider_x(app), message="the divider")
        xdotool("mousemove", "--window", app.window, "--sync", str(start), "300")
        xdotool("mousedown", "1")
        for x in range(start, start + 121, 20):
            xdotool("mousemove", "--window", app.window, "--sync", str(x), "300")
            app.sync()
        xdotool("mouseup", "1")
        moved = wait_for(lambda: (self.divider_x(app) or 0) > start + 60 and self.divider_x(app),
                         message="the divider dragged right")
        self.assertEqual(app.quit(), 0)
        self.assertIn("divider", self.read_state())
        again = self.launch()
        self.assertEqual(again.geometry(), (1000, 700))
        wait_for(lambda: abs((self.divider_x(again) or 0) - moved) <= 2,
                 message=f"the divider back at x={moved} (started at {start})")
        self.assertEqual(again.quit(), 0)

    def test_narrow_the_next_start_shows_the_list_the_user_went_back_to_with_the_pizza_still_chosen(self):
        self.write_state(f"width={NARROW}\nheight=700\npizza=Veggie\n")
        app = self.launch()
        wait_for_title(app, "Veggie")
        app.key("alt+Left")
        wait_for_title(app, "Pizza Split")
        wait_for(lambda: list_on_screen(app), message="the list back on top")
        self.assertEqual(app.quit(), 0)
        self.assertEqual(self.read_state().get("detail-first"), "false")
        again = self.launch()
        wait_for_title(again, "Pizza Split")
        wait_for(lambda: list_on_screen(again), message="the list on top, where the user left it")
        again.key("Return")
        wait_for_title(again, "Veggie")
        self.assertEqual(again.quit(), 0)
        self.assertEqual(self.read_state().get("detail-first"), "true", "the detail the user went on to")

    def test_maximized_state_is_asked_for_again_at_start(self):
        self.write_state("width=900\nheight=650\nmaximized=true\nlist-hidden=false\n")
        app = self.launch()
        # Bare Xvfb has no window manager to obey; the request is the window's _NET_WM_STATE.
        state = subprocess.run(["xprop", "-id", app.window, "_NET_WM_STATE"], capture_output=True, text=True,
                               timeout=30).stdout
        self.assertIn("_NET_WM_STATE_MAXIMIZED_VERT", state)
        self.assertIn("_NET_WM_STATE_MAXIMIZED_HORZ", state)
        self.assertEqual(app.quit(), 0)

    def test_a_saved_15_inch_size_means_16_inches(self):
        self.write_state('width=1000\nheight=700\npizza=Pepperoni\nsize=15"\n')
        app = self.launch()
        app.wait_for_label("16.0in Pizza")
        app.wait_for_label("201.06 sq in at $  0.05 is $ 10.05")
        import pyatspi
        pressed = [node.name for node in app.accessibles(role="push button")
                   if node.name.endswith(("inch", "inches")) and node.getState().contains(pyatspi.STATE_PRESSED)]
        self.assertEqual(pressed, ["16 inches"])
        self.assertEqual(app.quit(), 0)


class OtherWindowsTests(AppTestCase):
    def test_menu_option_opens_and_saves_that_file(self):
        menu = os.path.join(self.home, "party.json")
        with open(menu, "w") as handle:
            json.dump({"pizzas": [{"name": "Funghi", "pricePerSquareInch": 0.02}],
                       "sizes": [{"label": "Small", "diameter": 9}, {"label": "Huge", "diameter": 30}]}, handle)
        app = self.launch("--menu", menu)
        self.assertEqual(app.list_rows(), ["Funghi, 0.020 dollars per square inch"])
        app.click_word("Funghi")
        app.wait_for_label(" 63.62 sq in at $  0.02 is $  1.27")
        app.click_word("Huge")
        app.wait_for_label("706.86 sq in at $  0.02 is $ 14.14")
        app.click_word("Funghi")
        app.key("Delete")
        wait_for(lambda: json.load(open(menu))["pizzas"] == [], message="the deletion saved to that file")
        self.assertFalse(os.path.exists(self.menu_path), "the user's own menu is untouched")
        self.assertEqual(app.quit(), 0)

    def test_keyboard_shortcuts_window_opens_with_ctrl_question(self):
        app = self.launch()
        app.key("ctrl+question")
        app.dialog("Keyboard Shortcuts")
        app.wait_for_label("Delete the selected pizza", window="Keyboard Shortcuts")
        app.key("Escape")
        app.wait_for_no_window("Keyboard Shortcuts")
        wait_for(lambda: focused_window() == app.window, message="the main window focused after the shortcuts")
        self.assertEqual(app.quit(), 0)

    def test_open_menu_file_dialog_switches_to_the_chosen_file(self):
        menu = os.path.join(self.home, "other.json")
        with open(menu, "w") as handle:
            json.dump({"pizzas": [{"name": "Calzone", "pricePerSquareInch": 0.07}]}, handle)
        app = self.launch()
        app.key("ctrl+o")
        app.dialog("Open Menu File")
        app.key("ctrl+l")
        app.type_text(menu)
        app.key("Return")
        app.wait_for_no_window("Open Menu File")
        app.focus()
        wait_for(lambda: app.list_rows() == ["Calzone, 0.070 dollars per square inch"], message="the chosen menu")
        self.assertEqual(app.quit(), 0)
