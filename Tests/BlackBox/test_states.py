"""Empty states, toasts and persistent messages, and the About dialog: exact text through AT-SPI, where and
whether it is painted through pixels."""
import json
import os
import subprocess
import time

from harness import AppTestCase, file_version, focused_window, stays, wait_for
from test_split_demos import DemoApp, rgb

WIDE = 1000
# Tall enough that the detail's fields (under the sizes drawn to scale) end above the band the toast is painted in.
HEIGHT = 800
EMPTY_TITLE = "No Pizzas"
EMPTY_HINT = "Add one with +  (Ctrl+N)"
EMPTY_DETAIL = "Add a pizza to see its prices"
ROWS = ["Cheese, 0.030 dollars per square inch", "Sausage, 0.060 dollars per square inch",
        "Pepperoni, 0.050 dollars per square inch", "Veggie, 0.040 dollars per square inch"]
# libadwaita's toast timeout, which the app follows.
TOAST_SECONDS = 5


def write_menu(test, pizzas):
    os.makedirs(os.path.dirname(test.menu_path), exist_ok=True)
    with open(test.menu_path, "w") as handle:
        json.dump({"pizzas": pizzas, "sizes": [{"label": "12\"", "diameter": 12}]}, handle)


def row_places(app, names):
    """Where OCR finds each of `names` on screen: {name: (x, y)}, once all are found."""
    def lookup():
        words = {text: (x, y) for text, x, y in app.words()}
        return {name: words[name] for name in names} if all(name in words for name in names) else None
    return wait_for(lookup, 10, interval=0.2, message=f"the rows {names} on screen")


def dark_pixels(app, box):
    """How many pixels of `box` (x, y, width, height) are dark grey or darker: a toast is a dark pill, the app's
    light background has none."""
    x, y, width, height = box
    shot = app.screenshot()
    out = subprocess.run(["convert", shot, "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-colorspace", "Gray",
                          "-threshold", "35%", "-negate", "-format", "%[fx:mean*w*h]", "info:-"],
                         capture_output=True, text=True, check=True, timeout=30).stdout
    return int(float(out))


# The bottom band of the window, where a toast is painted over the content, and a point on the toast.
TOAST_BAND = (WIDE // 2 - 200, HEIGHT - 80, 400, 70)
ON_TOAST = (WIDE // 2, HEIGHT - 45)
# The list's first two rows (Cheese and Sausage) in a wide window.
TOP_ROWS = (8, 55, 340, 75)


def crop(app, box):
    x, y, width, height = box
    shot = app.screenshot()
    part = shot.replace(".png", "-part.png")
    subprocess.run(["convert", shot, "-crop", f"{width}x{height}+{x}+{y}", "+repage", part], check=True, timeout=30)
    return part


def differing_pixels(one, other):
    result = subprocess.run(["compare", "-metric", "AE", one, other, "null:"], capture_output=True, text=True,
                            timeout=30)
    return int(float(result.stderr.split()[0]))


def press(app, name, window=None):
    """Performs the default action of the widget called `name` that has one (a label of that name has none)."""
    node = wait_for(lambda: next((node for node in app.accessibles(name=name, window=window)
                                  if node.get_action_iface() is not None), None), message=f"a button {name!r}")
    node.queryAction().doAction(0)
    app.sync()


def add_funghi(app):
    """Adds Funghi at 0.02 in the New Pizza dialog just opened, and gives the main window the keys back."""
    app.dialog("New Pizza")
    app.type_text("Funghi")
    app.key("Return")
    app.type_text("0.02")
    app.key("Return")
    app.wait_for_no_window("New Pizza")
    app.focus()


class EmptyStateTests(AppTestCase):
    def assert_empty_state_painted(self, app):
        app.wait_for_label(EMPTY_TITLE)
        app.wait_for_label(EMPTY_HINT)
        app.wait_for_text("No Pizzas")
        # Nothing to choose: the detail does not ask for a choice, it says how to see prices (read and painted).
        app.wait_for_label(EMPTY_DETAIL)
        app.wait_for_text(EMPTY_DETAIL)
        self.assertNotIn("Choose a pizza", app.labels())
        self.assertEqual(app.list_rows(), [])

    def test_an_empty_menu_shows_no_pizzas_and_how_to_add_one(self):
        write_menu(self, [])
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        self.assert_empty_state_painted(app)
        # The hint's shortcut does what it says; the list then replaces the status page.
        app.key("ctrl+n")
        add_funghi(app)
        wait_for(lambda: app.list_rows() == ["Funghi, 0.020 dollars per square inch"], message="the new row")
        app.wait_for_no_label(EMPTY_TITLE)
        app.wait_for_no_label(EMPTY_DETAIL)
        app.wait_for_no_text("No Pizzas")
        self.assertEqual(app.quit(), 0)

    def test_in_the_middle_layout_an_empty_menus_detail_offers_the_add_button_the_hidden_list_has(self):
        write_menu(self, [])
        app = self.launch()
        app.resize(780, HEIGHT)
        app.wait_for_label(EMPTY_DETAIL)
        # The list (with its +) is out of sight: the detail's own button is painted, and opens New Pizza.
        app.wait_for_text("Add Pizza")
        app.press_button("Add Pizza…")
        add_funghi(app)
        app.wait_for_label("Funghi")
        wait_for(lambda: not app.accessibles(name="Add Pizza…"), message="the button gone with the first pizza")
        self.assertEqual(app.quit(), 0)

    def test_an_empty_menu_gives_the_keyboard_to_add_at_start_and_after_an_undone_add_when_narrow(self):
        from test_keyboard import wait_for_focus
        write_menu(self, [])
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        wait_for_focus(app, "push button", "Add Pizza", message="the + button focused at start, with no row to focus")
        app.resize(400, HEIGHT)
        app.key("ctrl+n")
        add_funghi(app)
        app.wait_for_label("Funghi")
        app.key("ctrl+z")
        app.wait_for_label(EMPTY_TITLE)
        # Back on the empty list's page: the keys go to +, not to nothing (and then to the toast's Redo).
        wait_for_focus(app, "push button", "Add Pizza", message="the + button focused after the add was undone")
        self.assertEqual(app.quit(), 0)

    def test_deleting_the_last_pizza_shows_the_empty_state_and_undo_brings_it_back(self):
        write_menu(self, [{"name": "Cheese", "pricePerSquareInch": 0.03}])
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        app.click_word("Cheese")
        app.wait_for_label("Cheese")
        app.key("Delete")
        self.assert_empty_state_painted(app)
        app.key("ctrl+z")
        wait_for(lambda: app.list_rows() == ["Cheese, 0.030 dollars per square inch"], message="Cheese back")
        app.wait_for_no_label(EMPTY_TITLE)
        self.assertEqual(app.quit(), 0)

    def test_the_dates_demo_starts_empty_with_edit_disabled(self):
        import pyatspi
        app = self.start_and_wait(lambda: DemoApp(self.home, "dates", "Dates"))

        def edit_is_sensitive():
            # GTK 4.8 exposes a toggle button as a push button.
            buttons = app.accessibles(role="push button", name="Edit")
            self.assertEqual(len(buttons), 1, "one Edit button")
            return buttons[0].getState().contains(pyatspi.STATE_SENSITIVE)
        app.wait_for_label("No Dates")
        app.wait_for_label("Add one with +  (Ctrl+N)")
        app.wait_for_text("No Dates")
        self.assertFalse(edit_is_sensitive(), "nothing to edit in an empty list")
        self.assertNotIn("No date chosen", app.labels())

        app.key("ctrl+n")
        wait_for(lambda: len(app.list_rows()) == 1, message="the new date")
        app.wait_for_no_label("No Dates")
        wait_for(edit_is_sensitive, message="Edit enabled with a row to edit")

        # Deleting the only date in edit mode leaves edit mode and disables Edit again.
        app.click_word("Edit")
        wait_for(lambda: "Done" in app.labels(), message="the Done button")
        press(app, f"Delete {app.list_rows()[0]}")
        wait_for(lambda: app.list_rows() == [], message="the date deleted")
        app.wait_for_label("No Dates")
        wait_for(lambda: "Edit" in app.labels() and "Done" not in app.labels(), message="edit mode left")
        self.assertFalse(edit_is_sensitive())
        self.assertEqual(app.quit(), 0)


class ToastTests(AppTestCase):
    def launch_and_delete_cheese(self):
        """The app, wide, with Cheese chosen and deleted and the toast that says so painted."""
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        app.click_word("Cheese")
        app.wait_for_label("Cheese")
        app.key("Delete")
        wait_for(lambda: app.list_rows() == ROWS[1:], message="Cheese deleted")
        app.wait_for_label("Deleted “Cheese”")
        wait_for(lambda: dark_pixels(app, TOAST_BAND) > 2000, timeout=3, message="the toast painted at the bottom")
        return app

    def test_a_deletion_toast_moves_nothing_and_goes_after_its_timeout(self):
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        app.click_word("Veggie")
        app.wait_for_label("Veggie")
        self.assertEqual(dark_pixels(app, TOAST_BAND), 0, "no toast before anything happened")
        before = crop(app, TOP_ROWS)
        app.key("Delete")
        app.wait_for_label("Deleted “Veggie”")
        shown = time.monotonic()
        # Screen readers are told it is an alert, named by its message.
        self.assertEqual([node.name for node in app.accessibles(role="alert")], ["Deleted “Veggie”"])
        # Painted over the bottom of the content, and nothing above it moved.
        wait_for(lambda: dark_pixels(app, TOAST_BAND) > 2000, timeout=3, message="the toast painted at the bottom")
        self.assertEqual(differing_pixels(before, crop(app, TOP_ROWS)), 0, "the rows above did not move")
        self.assertEqual(app.list_rows(), ROWS[:3])
        # Still there a little before its timeout, gone a little after.
        time.sleep(max(0.0, shown + TOAST_SECONDS - 1.5 - time.monotonic()))
        self.assertIn("Deleted “Veggie”", app.labels(), "the toast stays for its timeout")
        app.wait_for_no_label("Deleted “Veggie”", timeout=4)
        self.assertGreaterEqual(time.monotonic() - shown, TOAST_SECONDS - 1.5)
        wait_for(lambda: dark_pixels(app, TOAST_BAND) == 0, timeout=2, message="the toast no longer painted")
        self.assertEqual(differing_pixels(before, crop(app, TOP_ROWS)), 0, "the rows did not move back either")
        self.assertEqual(app.quit(), 0)

    def test_undo_on_the_toast_restores_the_pizza_and_a_second_click_there_redoes_nothing(self):
        app = self.launch_and_delete_cheese()
        # The pointer rests on the toast while the user reads it: it stays, past its timeout.
        app.hover(*ON_TOAST)
        time.sleep(TOAST_SECONDS + 1)
        self.assertIn("Deleted “Cheese”", app.labels(), "the toast stays while the pointer is on it")
        # A click on the toast's own button, with the pointer.
        x, y = app.find_word("Undo")
        self.assertGreater(y, HEIGHT - 80)
        app.click(int(x), int(y))
        wait_for(lambda: app.list_rows() == ROWS, message="Cheese restored in place")
        wait_for(lambda: self.read_menu()["pizzas"][0]["name"] == "Cheese", message="the restored menu saved")
        app.wait_for_no_label("Deleted “Cheese”")
        app.wait_for_label("Undid: deleting “Cheese”")
        # A second click where Undo was (a double click) does not redo the delete.
        restored = file_version(self.menu_path)
        app.click(int(x), int(y))
        stays(lambda: app.list_rows() == ROWS and "Redid: deleting “Cheese”" not in app.labels(),
              message="the rows, with no redo,")
        # Quitting waits for any save the click started: the file is then the restored one, untouched.
        self.assertEqual(app.quit(), 0)
        self.assertEqual(file_version(self.menu_path), restored, "a click where Undo was saved nothing")
        self.assertEqual(self.read_menu()["pizzas"][0]["name"], "Cheese")

    def test_after_a_click_on_the_toasts_buttons_the_focus_is_back_in_the_list(self):
        from test_keyboard import wait_for_focus
        app = self.launch_and_delete_cheese()
        x, y = app.find_word("Undo")
        app.click(int(x), int(y))
        wait_for(lambda: app.list_rows() == ROWS, message="Cheese restored in place")
        app.wait_for_no_label("Deleted “Cheese”")
        # The click gave the toast's button the focus; the toast gone, the keys go where the user worked, not
        # nowhere (and then to the header bar's +).
        wait_for_focus(app, "list item", message="the focus back on a row of the list")
        # Its close button, clicked with the pointer, takes the focus too, and gives it back as the toast goes.
        app.key("Delete")
        app.wait_for_label("Deleted “Cheese”")
        close = app.accessibles(role="push button", name="Dismiss Notification")[0].queryComponent().getExtents(1)
        app.click(close.x + close.width // 2, close.y + close.height // 2)
        app.wait_for_no_label("Deleted “Cheese”")
        wait_for_focus(app, "list item", message="the focus back on a row after the toast was dismissed")
        self.assertEqual(app.list_rows(), ROWS[1:])
        self.assertEqual(app.quit(), 0)

    def test_a_toast_the_keyboard_reached_stays_until_the_keyboard_leaves_it(self):
        from test_keyboard import focused
        app = self.launch_and_delete_cheese()
        # Tab on, as a keyboard user does, until its Undo has the focus (the detail's fields come first).
        for _ in range(20):
            if focused(app) == ("push button", "Undo"):
                break
            app.key("Tab")
        self.assertEqual(focused(app), ("push button", "Undo"))
        stays(lambda: "Deleted “Cheese”" in app.labels(), seconds=TOAST_SECONDS + 1,
              message="the toast, past its timeout, while its button has the focus,")
        app.key("shift+Tab")
        app.wait_for_no_label("Deleted “Cheese”", timeout=TOAST_SECONDS + 5)
        self.assertEqual(app.list_rows(), ROWS[1:])
        self.assertEqual(app.quit(), 0)

    def test_a_failed_save_stays_until_try_again(self):
        # A file where the data folder should be: every save fails until it is moved away.
        data = os.path.join(self.home, "data")
        with open(data, "w") as handle:
            handle.write("not a folder")
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        # The start-up message promises no copy of a menu that is not there.
        start = wait_for(lambda: next((label for label in app.labels() if label.startswith("Could not open")), None),
                         message="the start-up message")
        self.assertNotIn(".broken", start)
        app.click_word("Veggie")
        app.key("Delete")
        failed = (f"Could not save your menu: {data} is a file, not a folder. "
                  "Your changes are kept in this window.")
        app.wait_for_label(failed)
        # Long after a toast would have gone, the error and its button are still there, and painted.
        time.sleep(TOAST_SECONDS + 2)
        self.assertIn(failed, app.labels())
        app.wait_for_text("Try Again")
        self.assertEqual(app.list_rows(), ROWS[:3], "the edit is kept")
        os.remove(data)
        app.click_word("Try")
        wait_for(lambda: os.path.exists(self.menu_path), message="the menu saved by Try Again")
        self.assertEqual([p["name"] for p in self.read_menu()["pizzas"]], ["Cheese", "Sausage", "Pepperoni"])
        app.wait_for_no_label(failed)
        self.assertEqual(app.quit(), 0)


class AboutTests(AppTestCase):
    def test_about_names_the_license_and_shows_the_apps_own_icon(self):
        app = self.launch()
        app.open_main_menu()
        app.key("a")
        about = app.dialog("About Pizza Split")
        labels = app.wait_for_labels(lambda labels: "Pizza Split" in labels, window="About Pizza Split")
        self.assertEqual(labels[:3], ["Pizza Split", "1.0.0", "Pizza prices by the square inch, in a list and detail "
                                                              "that adapt to the window's width."])
        self.assertFalse(any("The The" in label or "See the" in label for label in labels), labels)
        # The license page is a text view, whose text GTK 4.8 does not expose over AT-SPI: read it from the pixels.
        press(app, "License", window="About Pizza Split")
        app.wait_for_text("Pizza Split is released under the MIT License.", squeeze=True, window=about)
        self.assertNotIn("The The", app.screen_text(window=about))
        press(app, "About", window="About Pizza Split")
        # The logo is the app's icon (its yellow cheese, #f8e45c), not the theme's missing-image icon.
        def cheese():
            shot = app.screenshot(window=about)
            pixels = subprocess.run(["convert", shot, "-crop", "160x160+177+60", "+repage", "-depth", "8", "txt:-"],
                                    capture_output=True, text=True, check=True, timeout=30).stdout.splitlines()[1:]
            return sum(1 for line in pixels if "(" in line and
                       all(abs(a - b) <= 12 for a, b in zip(rgb("(" + line.split("(", 1)[1]), (0xf8, 0xe4, 0x5c))))
        wait_for(lambda: cheese() > 500, timeout=5, interval=0.2, message="the pizza icon's cheese painted")
        # Escape goes to the window with the keyboard, which the dialog has, as under a window manager (ci9 once
        # lost it to the main window under load, on bare Xvfb).
        app.focus(about)
        app.key("Escape")
        app.wait_for_no_window("About Pizza Split")
        wait_for(lambda: focused_window() == app.window, message="the main window focused after About")
        # Closed, it was destroyed: a second About is a new one, which closes as well.
        app.open_main_menu()
        app.key("a")
        app.dialog("About Pizza Split")
        app.wait_for_labels(lambda labels: "Pizza Split" in labels, window="About Pizza Split")
        app.key("Escape")
        app.wait_for_no_window("About Pizza Split")
        self.assertEqual(app.quit(), 0)


class PersistentMessageTests(AppTestCase):
    def test_a_broken_menu_set_aside_stays_announced_after_the_toast_is_gone(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            handle.write('{"pizzas": [{"name": "Cheese", "pricePerSquareInch": "cheap"}]}')
        app = self.launch()
        app.resize(WIDE, HEIGHT)
        app.click_word("Veggie")
        app.key("Delete")
        kept = "Your old menu could not be read and was kept as menu.json.broken, beside the new one."
        app.wait_for_label(kept)
        app.wait_for_label("Deleted “Veggie”")
        app.wait_for_no_label("Deleted “Veggie”", timeout=TOAST_SECONDS + 4)
        self.assertIn(kept, app.labels(), "the announcement stays until dismissed")
        app.wait_for_message("kept as menu.json.broken")
        app.press_button("Dismiss Message")
        app.wait_for_no_label(kept)
        self.assertEqual(app.quit(), 0)
