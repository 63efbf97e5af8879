import json
import os

from harness import AppTestCase, wait_for

CALZONE = ["Calzone, 0.070 dollars per square inch"]
MARINARA = ["Marinara, 0.040 dollars per square inch"]


def write_menu(path, name, price):
    with open(path, "w") as handle:
        json.dump({"pizzas": [{"name": name, "pricePerSquareInch": price}]}, handle)


def open_with_dialog(app, path):
    """Opens `path` the way a user does: Ctrl+O, the file's path typed into the Open Menu File dialog."""
    app.key("ctrl+o")
    app.dialog("Open Menu File")
    app.key("ctrl+l")
    app.type_text(path)
    app.key("Return")
    app.wait_for_no_window("Open Menu File")
    app.focus()


def open_from_second_launch(test, path):
    """Opens `path` in the running app the way a file manager does: a second launch that names it."""
    test.assertEqual(test.launch(path, wait=False).wait_exit(15), 0)


def choose_recent(app, position):
    """Opens the main menu, then Open Recent (its access key is t), and activates the item at `position`
    (0 for the first) with the keyboard."""
    app.open_main_menu()
    app.key("t")
    app.key(*["Down"] * (position + 1), "Return")
    app.focus()


class OpenRecentTests(AppTestCase):
    def test_with_nothing_else_opened_yet_open_recent_says_so(self):
        app = self.launch()
        app.wait_for_text("Pepperoni")
        app.open_main_menu()
        app.key("t")
        wait_for(lambda: app.accessibles(name="No Other Menus Opened Yet"), message="a word in the empty submenu")
        # Without a window manager, keys reach no window once the popover closes (xdotool focus does not help).
        app.kill()

    def test_open_recent_reopens_the_first_of_two_files_opened(self):
        first = os.path.join(self.home, "first.json")
        second = os.path.join(self.home, "second.json")
        write_menu(first, "Calzone", 0.07)
        write_menu(second, "Marinara", 0.04)
        app = self.launch()
        open_with_dialog(app, first)
        wait_for(lambda: app.list_rows() == CALZONE, message="the first file")
        open_from_second_launch(self, second)
        wait_for(lambda: app.list_rows() == MARINARA, message="the second file")
        # Your Menu first, then the first file: the open one is not offered.
        choose_recent(app, 1)
        wait_for(lambda: app.list_rows() == CALZONE, message="the first file opened again from Open Recent")
        self.assertEqual(app.title(), "first.json — Pizza Split")
        choose_recent(app, 0)
        wait_for(lambda: app.title() == "Pizza Split", message="your own menu opened from Open Recent")
        self.assertEqual(app.quit(), 0)

    def test_the_list_is_kept_for_the_next_run_without_files_that_are_gone(self):
        kept = os.path.join(self.home, "kept.json")
        gone = os.path.join(self.home, "gone.json")
        write_menu(kept, "Calzone", 0.07)
        write_menu(gone, "Marinara", 0.04)
        app = self.launch(kept)
        open_with_dialog(app, gone)
        wait_for(lambda: app.list_rows() == MARINARA, message="the second file")
        self.assertEqual(app.quit(), 0)
        os.remove(gone)
        app = self.launch()
        # Your Menu is open: kept.json is offered first, gone.json not at all.
        choose_recent(app, 0)
        wait_for(lambda: app.list_rows() == CALZONE, message="the file of the earlier run opened from Open Recent")
        self.assertEqual(app.quit(), 0)
