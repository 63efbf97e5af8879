"""A large menu is read while the window maps: the window shows its first rows while the rest is read, chooses the
pizza chosen last time once it is read, and takes no edits until the whole file is read; then edits are saved. A
file found bad at its end shows its error then, and is never written over."""
import hashlib
import os

from harness import AppTestCase, wait_for

# A million pizzas: 54 MB, far above the size the app reads in the background (1 MB), and several seconds of
# reading in the debug build the suite runs.
COUNT = 1_000_000
# Reading takes a while, and the machine may be shared.
WAIT = 120
DEFAULT_ROWS = ["Cheese, 0.030 dollars per square inch", "Sausage, 0.060 dollars per square inch",
                "Pepperoni, 0.050 dollars per square inch", "Veggie, 0.040 dollars per square inch"]


def price(index):
    return f"0.0{index % 90 + 10}"


def write_menu(path, count, end="]}\n"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write('{"pizzas": [\n')
        handle.writelines(f'  {{"name": "Pizza {index}", "pricePerSquareInch": {price(index)}}}'
                          + (",\n" if index + 1 < count else "\n") for index in range(count))
        handle.write(end)


def digest(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def row(index):
    return f"Pizza {index}, {price(index)} dollars per square inch"


class LargeMenuTests(AppTestCase):
    @property
    def state_path(self):
        return os.path.join(self.home, "state", "pizza-split", "window-state")

    def write_state(self, pizza):
        os.makedirs(os.path.dirname(self.state_path), exist_ok=True)
        with open(self.state_path, "w") as handle:
            handle.write(f"width=1000\nheight=700\npizza={pizza}\n")

    def folder_listing(self):
        return sorted(os.listdir(os.path.dirname(self.menu_path)))

    def test_a_large_menu_shows_its_rows_and_the_pizza_chosen_last_time_once_read_and_edits_are_saved(self):
        write_menu(self.menu_path, COUNT)
        self.write_state(f"Pizza {COUNT - 2}")
        app = self.launch()
        app.wait_for_labels(lambda labels: f"Pizza {COUNT - 2}" in labels, timeout=WAIT,
                            message="the pizza chosen last time in the detail")
        wait_for(lambda: row(COUNT - 2) in app.list_rows(), timeout=WAIT, message="its row in the list")
        # The chosen row has the focus, as at any start: Delete removes that pizza, and the file is saved.
        app.key("Delete")
        app.wait_for_label(f"Deleted “Pizza {COUNT - 2}”", timeout=WAIT)

        def saved():
            with open(self.menu_path) as handle:
                text = handle.read()
            return f'"Pizza {COUNT - 3}"' in text and f'"Pizza {COUNT - 2}"' not in text
        wait_for(saved, timeout=WAIT, message="the menu saved without the deleted pizza")
        self.assertEqual(self.folder_listing(), ["menu.json"])
        self.assertEqual(app.quit(timeout=WAIT), 0)

    def test_a_large_menu_found_bad_at_its_end_shows_the_error_then_and_its_file_is_left_as_it_is(self):
        write_menu(self.menu_path, COUNT, end='], "sizes": 7}\n')
        before = digest(self.menu_path)
        app = self.launch()
        message = wait_for(lambda: next((label for label in app.labels() if label.startswith("Could not open")), None),
                           timeout=WAIT, message="the load message")
        self.assertEqual(message, f"Could not open your menu. {self.menu_path}: line {COUNT + 2}, column 13: "
                                  '"sizes" must be a list [...], found a number. Showing the default menu. Your file '
                                  "is left as it is; at your first change it is kept beside the new one as "
                                  "menu.json.broken.")
        self.assertEqual(app.list_rows(), DEFAULT_ROWS, "the default menu is shown")
        self.assertEqual(app.quit(timeout=WAIT), 0)
        self.assertEqual(digest(self.menu_path), before, "the file is untouched")
        self.assertEqual(self.folder_listing(), ["menu.json"], "nothing was saved beside it")

    def test_while_the_menu_is_read_its_first_rows_show_and_take_no_edits_and_quitting_writes_nothing_over_it(self):
        write_menu(self.menu_path, COUNT)
        self.write_state("Pizza 5")
        before = digest(self.menu_path)
        app = self.launch()
        wait_for(lambda: row(0) in app.list_rows(), timeout=WAIT, message="the first rows, while the rest is read")
        app.wait_for_labels(lambda labels: "Pizza 5" in labels, timeout=WAIT, message="the pizza chosen last time, once read")
        labels = app.labels()
        self.assertIn("Editing waits until the whole menu is read.", labels, "the detail says why it takes no edits")
        self.assertNotIn("No Pizzas", labels, "an unread menu is not called empty")
        import pyatspi
        add = app.accessibles(role="push button", name="Add Pizza")[0]
        self.assertFalse(add.getState().contains(pyatspi.STATE_SENSITIVE), "Add Pizza is off while the menu is read")
        search = app.accessibles(name="Search Pizzas")[0]
        self.assertFalse(search.getState().contains(pyatspi.STATE_SENSITIVE), "Search is off while the menu is read")
        app.key("ctrl+n")
        app.key("Delete")
        app.sync()
        self.assertIsNone(app.find_window("^New Pizza$"), "Ctrl+N opens no New Pizza dialog while the menu is read")
        self.assertIn(row(5), app.list_rows(), "Delete removed nothing while the menu is read")
        self.assertIn("Editing waits until the whole menu is read.", app.labels(),
                      "the menu was still being read when the keys were pressed")
        self.assertEqual(app.quit(timeout=WAIT), 0)
        self.assertEqual(digest(self.menu_path), before, "the file is untouched")
        self.assertEqual(self.folder_listing(), ["menu.json"], "nothing was saved beside it")
        with open(self.state_path) as handle:
            self.assertIn("pizza=Pizza 5\n", handle.read(), "the pizza chosen last time is still remembered")
