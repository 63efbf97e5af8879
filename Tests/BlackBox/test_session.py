"""The app's session as a user meets it: dialogs that answer every time, edits that can be undone and
redone, nothing typed lost, and no unsaved change dropped on the way out."""
import json
import os

from harness import AppTestCase, file_version, stays, wait_for, xdotool
from test_pizza_app import wait_for_title

ADD_BUTTON = (28, 27)  # the list's header bar starts with +


def visible_windows(app, title):
    out = xdotool("search", "--all", "--onlyvisible", "--pid", str(app.process.pid), "--name", f"^{title}$",
                  check=False)
    return out.split()


def wait_closed(app, title, timeout=5.0):
    wait_for(lambda: app.process.poll() is None and not visible_windows(app, title), timeout,
             message=f"the {title!r} window to close")


def assert_alive(test, app):
    test.assertIsNone(app.process.poll(), f"the app is gone: {app.process.stderr.read()[-3000:]}"
                      if app.process.poll() is not None else "")


class DialogsAnswerEveryTimeTests(AppTestCase):
    """Each dialog opened three times in a row still answers, and the main window answers after it."""

    def test_new_pizza_dialog_by_ctrl_n_answers_escape_cancel_and_add_three_times(self):
        app = self.launch()
        for round_number in range(3):
            app.key("ctrl+n")
            app.dialog("New Pizza")
            app.key("Escape")
            wait_closed(app, "New Pizza")
            app.focus()
            app.key("ctrl+n")
            app.dialog("New Pizza")
            app.key("alt+c")
            wait_closed(app, "New Pizza")
            app.focus()
            app.key("ctrl+n")
            app.dialog("New Pizza")
            app.type_text(f"Round{round_number}")
            app.key("Return")
            app.type_text("0.07")
            app.key("Return")
            wait_closed(app, "New Pizza")
            app.focus()
        self.wait_for_saved(lambda menu: [pizza["name"] for pizza in menu["pizzas"]][-3:] == ["Round0", "Round1", "Round2"],
                            "the three rounds' pizzas saved")
        self.assertEqual(app.quit(), 0)
        self.assertClean(app)

    def test_new_pizza_dialog_by_the_add_button_answers_three_times(self):
        app = self.launch()
        for _ in range(3):
            app.click(*ADD_BUTTON)
            app.dialog("New Pizza")
            app.key("Escape")
            wait_closed(app, "New Pizza")
            app.focus()
        app.click(*ADD_BUTTON)
        app.dialog("New Pizza")
        app.type_text("Marinara")
        app.key("Tab")
        app.type_text("0.02")
        app.key("Return")
        wait_closed(app, "New Pizza")
        self.wait_for_saved(lambda menu: "Marinara" in [pizza["name"] for pizza in menu["pizzas"]], "Marinara saved")
        app.focus()
        self.assertEqual(app.quit(), 0)

    def test_file_chooser_answers_three_times(self):
        app = self.launch()
        for _ in range(3):
            app.key("ctrl+o")
            app.dialog("Open Menu File")
            app.key("Escape")
            wait_closed(app, "Open Menu File")
            app.focus()
        assert_alive(self, app)
        self.assertEqual(app.quit(), 0)

    def test_shortcuts_window_answers_three_times(self):
        app = self.launch()
        for _ in range(3):
            app.key("ctrl+question")
            app.dialog("Keyboard Shortcuts")
            app.key("Escape")
            wait_closed(app, "Keyboard Shortcuts")
            app.focus()
        self.assertEqual(app.quit(), 0)

    def test_about_dialog_answers_three_times(self):
        app = self.launch()
        for _ in range(3):
            app.open_main_menu()
            app.key("a")
            app.dialog("About Pizza Split")
            app.key("Escape")
            wait_closed(app, "About Pizza Split")
            app.focus()
        self.assertEqual(app.quit(), 0)


WIDE = 1000
NARROW = 520


def add_pizza(app, name, price):
    app.key("ctrl+n")
    app.dialog("New Pizza")
    app.type_text(name)
    app.key("Return")
    app.type_text(price)
    app.key("Return")
    wait_closed(app, "New Pizza")
    app.focus()


def click_lowest(app, word):
    """Clicks the lowest place `word` is on screen: the detail's field rather than the line above it."""
    def lookup():
        places = [(x, y) for text, x, y in app.words() if text == word]
        return max(places, key=lambda place: place[1]) if places else None
    x, y = wait_for(lookup, 5, interval=0.2, message=f"the word {word!r} on screen")
    app.click(int(x), int(y))


def rename_in_detail(app, name, price=None):
    """Types `name` into the detail's Name field and presses Return. The Name field is two steps back from the
    price field, which holds the focus, or is clicked first when `price` (the chosen pizza's, as shown) is given."""
    if price is not None:
        click_lowest(app, price)
    app.key("shift+Tab", "shift+Tab", "ctrl+a")
    app.type_text(name)
    app.key("Return")


def selected_row_names(app):
    import pyatspi
    return [row.name.split(",")[0] for row in app.accessibles(role="list item")
            if row.getState().contains(pyatspi.STATE_SELECTED)]


def entry_text(app, name):
    """What the text field named `name` reads, through AT-SPI."""
    field = app.accessibles(role="text", name=name)[0].queryText()
    return field.getText(0, field.characterCount)


def price_of(menu, name):
    return next((pizza["pricePerSquareInch"] for pizza in menu["pizzas"] if pizza["name"] == name), None)


class TypedPriceTests(AppTestCase):
    def test_back_from_a_field_being_typed_in_after_a_delete_and_its_undo_shows_the_list(self):
        app = self.launch()
        app.resize(WIDE)
        app.click_word("Cheese")
        app.key("Delete")
        wait_for(lambda: "Cheese" not in [row.split(",")[0] for row in app.list_rows()], message="Cheese deleted")
        app.key("ctrl+z")
        wait_for(lambda: "Cheese" in [row.split(",")[0] for row in app.list_rows()], message="Cheese back")
        app.resize(NARROW)
        app.key("Escape")
        app.click_word("Veggie")
        wait_for_title(app, "Veggie")
        click_lowest(app, "0.04")
        app.key("End")
        app.type_text("1")
        app.key("alt+Left")
        wait_for_title(app, "Pizza Split")
        assert_alive(self, app)
        wait_for(lambda: os.path.exists(self.menu_path) and price_of(self.read_menu(), "Veggie") == 0.041,
                 message="the typed price saved on the way back")
        self.assertEqual(app.quit(), 0)

    def edit_pepperoni_price(self, app, text):
        app.click_word("Pepperoni")
        click_lowest(app, "0.05")
        app.key("ctrl+a")
        app.type_text(text)

    def test_a_price_typed_then_left_by_choosing_another_pizza_is_saved(self):
        app = self.launch()
        self.edit_pepperoni_price(app, "0.11")
        app.click_word("Veggie")
        wait_for(lambda: os.path.exists(self.menu_path) and price_of(self.read_menu(), "Pepperoni") == 0.11,
                 message="the typed price saved when another pizza was chosen")
        self.assertEqual(app.quit(), 0)

    def test_typing_in_the_price_goes_on_where_it_was_across_narrowing_and_widening(self):
        app = self.launch()
        app.resize(WIDE)
        self.edit_pepperoni_price(app, "0.0")
        app.resize(NARROW)
        wait_for_title(app, "Pepperoni")
        app.type_text("6")
        app.resize(WIDE)
        wait_for_title(app, "Pizza Split")
        app.type_text("5")
        app.key("Return")
        wait_for(lambda: os.path.exists(self.menu_path) and price_of(self.read_menu(), "Pepperoni") == 0.065,
                 message="the price typed in three goes, with the window narrowed and widened between them")
        self.assertEqual(app.quit(), 0)

    def test_an_invalid_typed_price_stays_in_the_field_with_its_message(self):
        app = self.launch()
        self.edit_pepperoni_price(app, "0.1x")
        app.click_word("Veggie")
        app.wait_for_text("Enter the price per square inch as a number")
        # The field keeps the typing, its caret after it (read through AT-SPI: OCR misreads the caret).
        self.assertEqual(entry_text(app, "Price per square inch"), "0.1x")
        self.assertNotIn("Veggie Size", app.screen_text(), "the detail still shows Pepperoni")
        self.assertFalse(os.path.exists(self.menu_path), "nothing was saved")
        # Escape reverts the field; then choosing another pizza works.
        app.key("Escape")
        app.click_word("Veggie")
        app.wait_for_text("113.10 sq in at $ 0.04 is $ 4.52", squeeze=True)
        self.assertEqual(app.quit(), 0)

    def test_narrow_and_short_a_refused_back_scrolls_the_price_message_into_view(self):
        from test_keyboard import wait_for_focus
        app = self.launch()
        app.resize(520, 420)
        app.click_word("Pepperoni")
        wait_for_title(app, "Pepperoni")
        for _ in range(3):
            app.key("Tab")
        wait_for_focus(app, "text", "Price per square inch")
        app.key("ctrl+a")
        app.type_text("0.1x")
        app.key("alt+Left")
        wait_for_title(app, "Pepperoni")
        # Painted, not only shown: the message is below the field, where the window used to end.
        app.wait_for_text("Enter the price per square inch as a number")
        self.assertEqual(entry_text(app, "Price per square inch"), "0.1x")
        app.key("Escape")
        self.assertEqual(app.quit(), 0)

    def test_narrowing_keeps_the_field_being_typed_in_and_its_message_in_view(self):
        from test_keyboard import wait_for_focus
        app = self.launch()
        app.resize(1000, 640)
        self.edit_pepperoni_price(app, "0.07515")
        app.key("Return")
        app.wait_for_text("at most 4 decimals")
        # The phone width reflows the detail (the sizes on three rows): the field and its message are scrolled back.
        app.resize(360, 640)
        wait_for_focus(app, "text", "Price per square inch")
        app.wait_for_text("at most 4 decimals")
        self.assertEqual(entry_text(app, "Price per square inch"), "0.07515")
        app.key("Escape")
        self.assertEqual(app.quit(), 0)

    def test_quitting_with_an_invalid_typed_price_asks_to_discard_it_or_keep_editing(self):
        app = self.launch()
        self.edit_pepperoni_price(app, "0.1x")
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.wait_for_label("Discard the price you typed?", window="Unsaved Changes")
        app.wait_for_label("“0.1x” is not a price this menu can keep. Enter the price per square inch as a number, "
                           "like 0.05.", window="Unsaved Changes")
        # Keep Editing (the default, and Escape) goes back to the field with what was typed.
        app.key("Escape")
        wait_closed(app, "Unsaved Changes")
        assert_alive(self, app)
        self.assertEqual(entry_text(app, "Price per square inch"), "0.1x")
        # Discard Price drops the typed price and quits; the menu was never changed.
        app.focus()
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+d")
        self.assertEqual(app.wait_exit(), 0)
        self.assertFalse(os.path.exists(self.menu_path), "nothing was saved")

    def test_the_main_menus_undo_and_redo_are_off_until_there_is_something_to_undo_or_redo(self):
        import pyatspi

        def sensitive(app, item):
            app.key("F10")
            node = wait_for(lambda: (app.accessibles(role="menu item", name=item) or [None])[0],
                            message=f"the main menu's {item}")
            state = node.getState().contains(pyatspi.STATE_SENSITIVE)
            app.key("Escape")
            wait_for(lambda: not app.accessibles(role="menu item", name=item), message="the main menu closed")
            return state
        app = self.launch()
        self.assertFalse(sensitive(app, "Undo"), "nothing to undo at start")
        self.assertFalse(sensitive(app, "Redo"), "nothing to redo at start")
        app.click_word("Cheese")
        app.key("Delete")
        app.wait_for_label("Deleted “Cheese”")
        self.assertTrue(sensitive(app, "Undo"), "the delete can be undone")
        app.key("ctrl+z")
        app.wait_for_label("Undid: deleting “Cheese”")
        self.assertTrue(sensitive(app, "Redo"), "the undo can be redone")
        self.assertFalse(sensitive(app, "Undo"), "nothing left to undo")
        self.assertEqual(app.quit(), 0)

    def test_escape_in_the_price_field_reverts_first_and_goes_back_second(self):
        app = self.launch()
        app.resize(NARROW)
        app.click_word("Pepperoni")
        wait_for(lambda: "Cheese" not in app.screen_text(), message="the detail pushed over the list")
        click_lowest(app, "0.05")
        app.key("ctrl+a")
        app.type_text("0.11")
        app.key("Escape")
        app.wait_for_text("Set Price")
        wait_for(lambda: "0.11" not in app.screen_text(), message="the field reverted to 0.05")
        self.assertIn("Set Price", app.screen_text(), "the first Escape stays on the detail")
        app.key("Escape")
        wait_for(lambda: "Cheese" in app.screen_text() and "Set" not in app.screen_text(),
                 message="the second Escape goes back to the list")
        self.assertFalse(os.path.exists(self.menu_path), "the reverted price was not saved")
        self.assertEqual(app.quit(), 0)


class UnsavedChangesTests(AppTestCase):
    def fail_saves(self):
        """A file where the app's own data folder should be: every save fails until it is removed. (Not the whole
        XDG data folder: GTK's file chooser keeps its recent files there, and says so with a critical.)"""
        data = os.path.dirname(self.menu_path)
        os.makedirs(os.path.dirname(data), exist_ok=True)
        with open(data, "w") as handle:
            handle.write("not a folder")
        return data

    def test_quitting_after_a_failed_save_asks_and_try_again_saves(self):
        data = self.fail_saves()
        app = self.launch()
        add_pizza(app, "Funghi", "0.05")
        app.wait_for_text("Could not save")
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.wait_for_text("Save changes to the menu before closing?", window=visible_windows(app, "Unsaved Changes")[0])
        app.key("alt+c")
        wait_closed(app, "Unsaved Changes")
        assert_alive(self, app)
        # The window's close button asks the same.
        app.focus()
        width, _ = app.geometry()
        app.click(width - 28, 27)
        app.dialog("Unsaved Changes")
        app.key("Escape")
        wait_closed(app, "Unsaved Changes")
        assert_alive(self, app)
        # With the folder fixed, Try Again saves and the app ends.
        os.remove(data)
        app.focus()
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+t")
        self.assertEqual(app.wait_exit(), 0)
        self.assertEqual(price_of(self.read_menu(), "Funghi"), 0.05)

    def test_opening_another_file_after_a_failed_save_asks_first(self):
        self.fail_saves()
        other = os.path.join(self.home, "other.json")
        with open(other, "w") as handle:
            json.dump({"pizzas": [{"name": "Calzone", "pricePerSquareInch": 0.07}]}, handle)
        app = self.launch()
        add_pizza(app, "Funghi", "0.05")
        app.wait_for_text("Could not save")
        app.key("ctrl+o")
        app.dialog("Open Menu File")
        app.key("ctrl+l")
        app.type_text(other)
        app.key("Return")
        app.dialog("Unsaved Changes")
        app.key("alt+c")
        wait_closed(app, "Unsaved Changes")
        app.focus()
        text = app.screen_text()
        self.assertIn("Funghi", text)
        self.assertNotIn("Calzone", text)
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+d")
        self.assertEqual(app.wait_exit(), 0)


class BrokenMenuTests(AppTestCase):
    def test_a_broken_menu_moved_aside_is_announced_with_its_new_name(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        broken = '{"pizzas": [{"name": "Cheese", "pricePerSquareInch": "cheap"}]}'
        with open(self.menu_path, "w") as handle:
            handle.write(broken)
        app = self.launch()
        app.wait_for_text("Could not open your menu")
        app.click_word("Veggie")
        app.key("Delete")
        wait_for(lambda: os.path.exists(self.menu_path + ".broken"), message="the old file kept aside")
        app.wait_for_message("could not be read and was kept as menu.json.broken")
        with open(self.menu_path + ".broken") as handle:
            self.assertEqual(handle.read(), broken)
        self.assertNotIn("Veggie", [pizza["name"] for pizza in self.read_menu()["pizzas"]])
        self.assertEqual(app.quit(), 0)


class SecondLaunchTests(AppTestCase):
    def write_menu(self, name, pizza):
        path = os.path.join(self.home, name)
        with open(path, "w") as handle:
            json.dump({"pizzas": [{"name": pizza, "pricePerSquareInch": 0.07}]}, handle)
        return path

    def test_a_second_launch_opens_the_file_it_names_in_the_running_window(self):
        party = self.write_menu("party.json", "Calzone")
        lunch = self.write_menu("lunch.json", "Stromboli")
        first = self.launch()
        first.wait_for_text("Pepperoni")
        second = self.launch("--menu", party, wait=False)
        self.assertEqual(second.wait_exit(15), 0)
        first.wait_for_text("Calzone", timeout=15)
        self.assertNotIn("Pepperoni", first.screen_text())
        wait_for(lambda: "party.json" in first.title(), message="the title to name the open file")
        # `pizza-split FILE` does the same.
        third = self.launch(lunch, wait=False)
        self.assertEqual(third.wait_exit(15), 0)
        first.wait_for_text("Stromboli", timeout=15)
        self.assertEqual(first.quit(), 0)


class UndoRedoTests(AppTestCase):
    def test_price_rename_and_move_are_undone_and_redone(self):
        app = self.launch()
        app.click_word("Pepperoni")
        click_lowest(app, "0.05")
        app.key("ctrl+a")
        app.type_text("0.06")
        app.key("Return")
        wait_for(lambda: os.path.exists(self.menu_path) and price_of(self.read_menu(), "Pepperoni") == 0.06,
                 message="the new price saved")

        def press(keys, price, message):
            app.key(*keys)
            wait_for(lambda: price_of(self.read_menu(), "Pepperoni") == price, message=message)

        app.key("ctrl+z")
        # The toast lasts five seconds: read its exact text first, then wait for the disk.
        app.wait_for_label("Undid: changing the price of “Pepperoni” from 0.05 to 0.06")
        press([], 0.05, "the price change undone")
        press(["ctrl+shift+z"], 0.06, "the price change redone")
        # The caret is at the end of the price put back, so that typing goes on after it.
        press(["ctrl+z"], 0.05, "the price change undone again")
        app.type_text("1")
        press(["Return"], 0.051, "a digit typed after the undone price")
        press(["ctrl+z"], 0.05, "the typed digit undone")
        press(["ctrl+shift+z"], 0.051, "the typed digit redone")
        app.type_text("2")
        press(["Return"], 0.0512, "a digit typed after the redone price")

        rename_in_detail(app, "Diavola")
        wait_for(lambda: price_of(self.read_menu(), "Diavola") == 0.0512, message="the rename saved")
        app.key("ctrl+z")
        wait_for(lambda: price_of(self.read_menu(), "Pepperoni") == 0.0512, message="the rename undone")

        # Move with Alt+Down from the list.
        app.click_word("Cheese")
        app.key("alt+Down")
        order = lambda: [pizza["name"] for pizza in self.read_menu()["pizzas"]]
        wait_for(lambda: order()[:2] == ["Sausage", "Cheese"], message="Cheese moved down")
        app.key("alt+Down")
        wait_for(lambda: order()[:3] == ["Sausage", "Pepperoni", "Cheese"], message="Cheese moved down again")
        app.key("ctrl+z", "ctrl+z")
        wait_for(lambda: order() == ["Cheese", "Sausage", "Pepperoni", "Veggie"], message="both moves undone")
        app.key("ctrl+shift+z")
        wait_for(lambda: order()[:2] == ["Sausage", "Cheese"], message="one move redone")
        self.assertEqual(app.quit(), 0)
        self.assertClean(app)


class RestoredSelectionTests(AppTestCase):
    def test_after_a_narrow_restart_back_and_enter_show_the_restored_pizza(self):
        app = self.launch()
        app.resize(NARROW)
        app.click_word("Veggie")
        wait_for(lambda: "Cheese" not in app.screen_text(), message="the detail pushed over the list")
        self.assertEqual(app.quit(), 0)
        again = self.launch()
        again.wait_for_text("Veggie")
        again.key("alt+Left")
        wait_for(lambda: "Cheese" in again.screen_text(), message="the list back on top")
        again.key("Return")
        wait_for(lambda: "Set" in again.screen_text() and "Cheese" not in again.screen_text(),
                 message="the detail pushed again")
        self.assertIn("Veggie", again.screen_text(), "Enter opened the restored pizza, not the first one")
        self.assertEqual(again.quit(), 0)


class SavingOffTheMainThreadTests(AppTestCase):
    def test_quitting_right_after_an_edit_of_a_large_menu_waits_for_its_save(self):
        path = os.path.join(self.home, "large.json")
        count = 300_000
        with open(path, "w") as handle:
            handle.write('{"pizzas": [\n')
            handle.write(",\n".join(f'{{"name": "Pizza {index}", "pricePerSquareInch": 0.05}}' for index in range(count)))
            handle.write("\n]}\n")
        app = self.launch("--menu", path)
        # A large menu is read while the window shows; the edits come once its rows are there.
        wait_for(lambda: "Pizza 0, 0.050 dollars per square inch" in app.list_rows(), timeout=120,
                 message="the large menu's rows")
        app.wait_for_whole_menu()
        app.key("Home", "Delete", "Home", "Delete", "ctrl+q")
        self.assertEqual(app.wait_exit(60), 0)
        with open(path) as handle:
            pizzas = json.load(handle)["pizzas"]
        self.assertEqual(len(pizzas), count - 2, "both deletes are in the file")
        self.assertEqual(pizzas[0]["name"], "Pizza 2")
        self.assertClean(app)


class DragAndDropTests(AppTestCase):
    def drag(self, app, source, target):
        def place(word):
            return next((int(x), int(y)) for text, x, y in app.words() if text == word)
        (sx, sy), (tx, ty) = place(source), place(target)
        # Each event is handled by the app (app.sync) before the next is sent, as a person's slower hand would be.
        app.hover(sx, sy)
        xdotool("mousedown", "1")
        app.sync()
        for step in range(1, 11):
            app.hover(sx, sy + (ty - sy) * step // 10)
        # The hand rests on the target before letting go: over X the drop target answers the drag (XDND) by
        # messages through the server, which a release at once can overtake (seen: half the drags dropped).
        for _ in range(5):
            app.hover(sx + 2, ty)
            app.hover(sx, ty)
        xdotool("mouseup", "1")
        app.sync()

    def test_dragging_a_row_onto_another_moves_it_and_is_undoable(self):
        app = self.launch()
        app.wait_for_text("Veggie")
        # Rows show before the menu is read to its end, and a move waits for the end like every edit.
        app.wait_for_whole_menu()
        self.drag(app, "Cheese", "Veggie")
        order = lambda: [pizza["name"] for pizza in self.read_menu()["pizzas"]] if os.path.exists(self.menu_path) else []
        wait_for(lambda: order() == ["Sausage", "Pepperoni", "Veggie", "Cheese"], message="Cheese dragged to the end")
        app.key("ctrl+z")
        wait_for(lambda: order() == ["Cheese", "Sausage", "Pepperoni", "Veggie"], message="the drag undone")
        self.assertEqual(app.quit(), 0)
        self.assertClean(app)


class TypedNameUndoTests(AppTestCase):
    def type_over_pepperonis_name(self, app, name):
        """Types `name` in the Name field over Pepperoni's, without applying it."""
        app.click_word("Pepperoni")
        click_lowest(app, "0.05")
        app.key("shift+Tab", "shift+Tab", "ctrl+a")
        app.type_text(name)

    def test_ctrl_z_with_nothing_left_to_undo_leaves_the_field_as_it_is_and_changes_nothing(self):
        app = self.launch()
        app.click_word("Pepperoni")
        click_lowest(app, "0.05")
        app.key("ctrl+a")
        app.type_text("0.07")
        app.key("Return")
        self.wait_for_saved(lambda menu: price_of(menu, "Pepperoni") == 0.07, "0.07 saved")
        app.key("ctrl+z")
        wait_for(lambda: entry_text(app, "Price per square inch") == "0.05", message="the price undone")
        self.wait_for_saved(lambda menu: price_of(menu, "Pepperoni") == 0.05, "the undo saved")
        # Nothing is left to undo: the field's own history (the text before, an empty field) stays out of it.
        app.key("ctrl+z")
        stays(lambda: entry_text(app, "Price per square inch") == "0.05", message="the field as it was")
        app.key("Tab")
        stays(lambda: price_of(self.read_menu(), "Pepperoni") == 0.05, message="no edit made by leaving the field")
        self.assertEqual(app.quit(), 0)

    def test_quitting_with_a_name_typed_and_not_applied_saves_it(self):
        app = self.launch()
        self.type_over_pepperonis_name(app, "Diavola")
        app.wait_for_text("Diavola")
        self.assertEqual(app.quit(), 0)
        self.assertEqual(price_of(self.read_menu(), "Diavola"), 0.05, "the typed name saved on quitting")
        self.assertIsNone(price_of(self.read_menu(), "Pepperoni"))

    def test_quitting_with_a_refused_typed_name_asks_to_discard_it_or_keep_editing(self):
        app = self.launch()
        self.type_over_pepperonis_name(app, "veggie")
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.wait_for_label("Discard the name you typed?", window="Unsaved Changes")
        app.wait_for_label("“veggie” is not a name this menu can keep. There is already a pizza called “Veggie”.",
                           window="Unsaved Changes")
        # Keep Editing (Escape) goes back to the field, the typed name and its reason there.
        app.key("Escape")
        wait_closed(app, "Unsaved Changes")
        assert_alive(self, app)
        app.wait_for_label("There is already a pizza called “Veggie”.")
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+d")
        self.assertEqual(app.wait_exit(), 0)
        self.assertFalse(os.path.exists(self.menu_path), "the name discarded, nothing saved")

    def test_undo_with_a_name_typed_puts_the_name_back_before_it_undoes_an_edit(self):
        app = self.launch()
        app.click_word("Pepperoni")
        rename_in_detail(app, "Diavola", price="0.05")
        wait_for(lambda: os.path.exists(self.menu_path) and price_of(self.read_menu(), "Diavola") == 0.05,
                 message="the rename saved")
        app.key("ctrl+a")
        app.type_text("Calzone")
        app.wait_for_text("Calzone")
        saved = file_version(self.menu_path)
        app.key("ctrl+z")
        wait_for(lambda: "Calzone" not in app.screen_text(), message="the typed name put back")
        stays(lambda: file_version(self.menu_path) == saved
              and "Diavola, 0.050 dollars per square inch" in app.list_rows(),
              message="the rename before it, not undone nor saved again,")
        self.assertEqual(price_of(self.read_menu(), "Diavola"), 0.05, "the rename before it is not undone")
        app.key("ctrl+z")
        wait_for(lambda: price_of(self.read_menu(), "Pepperoni") == 0.05, message="then the rename undone")
        self.assertEqual(app.quit(), 0)

    def test_a_toast_goes_once_another_edit_is_made_so_its_undo_never_undoes_that_one(self):
        app = self.launch()
        app.click_word("Cheese")
        app.key("Delete")
        app.wait_for_label("Deleted “Cheese”")
        # Resting on the toast keeps it; only the next edit may take it away.
        width, height = app.geometry()
        app.hover(width // 2, height - 45)
        rename_in_detail(app, "Diavola", price="0.06")  # Sausage, chosen in Cheese's place
        wait_for(lambda: price_of(self.read_menu(), "Diavola") is not None, message="the rename saved")
        app.hover(width // 2, height - 45)
        wait_for(lambda: "Deleted “Cheese”" not in app.labels(), message="the toast gone after the rename")
        self.assertEqual(app.quit(), 0)


class RenameTests(AppTestCase):
    def test_a_refused_name_stays_with_its_reason_when_another_pizza_is_clicked_and_typing_goes_to_the_field(self):
        from test_keyboard import wait_for_focus
        app = self.launch()
        app.click_word("Cheese")
        app.wait_for_label("Cheese")
        click_lowest(app, "0.03")
        app.key("shift+Tab", "shift+Tab", "ctrl+a")
        app.type_text("Sausage")
        app.click_word("Pepperoni")
        app.wait_for_label("There is already a pizza called “Sausage”.")
        wait_for_focus(app, "text", "Name", message="the focus in the Name field, with the reason beside it")
        self.assertEqual(selected_row_names(app), ["Cheese"], "the pizza stays chosen until its name is fixed")
        # Typing goes into the field, not into the list's search.
        app.type_text("X")
        wait_for(lambda: entry_text(app, "Name") == "SausageX", message="the typing in the Name field")
        self.assertEqual(app.list_rows()[0].split(",")[0], "Cheese")
        self.assertNotIn("No pizzas match", app.labels())
        app.key("Escape")
        self.assertEqual(app.quit(), 0)

    def test_a_long_rename_at_phone_width_keeps_the_name_field_in_view(self):
        from test_keyboard import wait_for_focus
        app = self.launch()
        app.resize(360, 640)
        app.click_word("Cheese")
        wait_for(lambda: "Sausage" not in app.screen_text(), message="the detail pushed over the list")
        click_lowest(app, "0.03")
        app.key("shift+Tab", "shift+Tab", "ctrl+a")
        wait_for_focus(app, "text", "Name")
        long_name = "Q" * 150
        app.type_text(long_name)
        app.key("Return")
        app.wait_for_label(long_name)
        # The heading now takes many lines above the field; the field the user typed in is scrolled back to.
        wait_for_focus(app, "text", "Name")
        app.wait_for_text("Rename")
        self.assertEqual(app.quit(), 0)

    def test_back_with_a_refused_name_keeps_it_with_its_reason_as_a_typed_price_is_kept(self):
        app = self.launch()
        app.resize(NARROW)
        app.click_word("Cheese")
        wait_for(lambda: "Sausage" not in app.screen_text(), message="the detail pushed over the list")
        click_lowest(app, "0.03")
        app.key("shift+Tab", "shift+Tab", "ctrl+a")
        app.type_text("Sausage")
        app.key("alt+Left")
        app.wait_for_label("There is already a pizza called “Sausage”.")
        wait_for(lambda: "Set" in app.screen_text(), message="the detail shown again with the typed name")
        self.assertIn("Cheese, 0.030 dollars per square inch", app.list_rows(), "nothing renamed")
        self.assertFalse(os.path.exists(self.menu_path), "nothing saved")
        app.key("Escape")
        self.assertEqual(app.quit(), 0)

    def test_a_refused_rename_says_why_and_keeps_the_typed_name(self):
        app = self.launch()
        app.click_word("Pepperoni")
        rename_in_detail(app, "sausage", price="0.05")
        app.wait_for_label("There is already a pizza called “Sausage”.")
        self.assertIn("Pepperoni, 0.050 dollars per square inch", app.list_rows(), "nothing renamed")
        self.assertFalse(os.path.exists(self.menu_path), "nothing saved")
        # Escape puts the saved name back; then quitting asks nothing.
        app.key("Escape")
        self.assertEqual(app.quit(), 0)
