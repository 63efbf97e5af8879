import json
import os
import time

from harness import AppTestCase, wait_for

WIDE = 1000
NARROW = 520


class ChoosingTests(AppTestCase):
    def test_choose_a_pizza_and_a_size_and_read_the_price(self):
        app = self.launch()
        app.wait_for_text("Choose a pizza")
        app.click_word("Pepperoni")
        app.wait_for_text("113.10 sq in at $ 0.05 is $ 5.65", squeeze=True)
        # Keyboard: Enter shows the detail and focuses the chosen size (12"); Tab moves to 16", Space presses it.
        app.key("Return", "Tab", "space")
        app.wait_for_text("16.0in Pizza", squeeze=True)
        app.wait_for_text("201.06 sq in at $ 0.05 is $ 10.05", squeeze=True)
        self.assertEqual(app.quit(), 0)
        self.assertClean(app)

    def test_a_size_chosen_before_a_pizza_is_kept_and_used(self):
        app = self.launch()
        app.wait_for_text("Choose a pizza")
        app.click_word("Personal")
        app.wait_for_text("8.0in Pizza", squeeze=True)
        app.click_word("Veggie")
        app.wait_for_text("50.27 sq in at $ 0.04 is $ 2.01", squeeze=True)
        app.quit()

    def test_resize_across_the_threshold_and_back(self):
        app = self.launch()
        app.click_word("Sausage")
        app.wait_for_text("Set Price")
        app.resize(NARROW)
        # Collapsed with a selection: the detail is on top, the list is gone, the title is the pizza.
        text = app.wait_for_text("Set Price")
        wait_for(lambda: "Cheese" not in app.screen_text(), message="the list to leave the screen")
        self.assertIn("Sausage", app.screen_text())
        app.resize(WIDE)
        wait_for(lambda: all(word in app.screen_text() for word in ("Cheese", "Veggie", "Set")),
                 message="the list and the detail side by side")
        app.quit()

    def test_collapsing_with_nothing_selected_shows_the_list(self):
        app = self.launch()
        app.resize(NARROW)
        app.wait_for_text("Pepperoni")
        self.assertNotIn("Choose", app.screen_text())
        app.quit()


class BackTests(AppTestCase):
    def open_narrow_detail(self):
        app = self.launch()
        app.resize(NARROW)
        app.click_word("Veggie")
        wait_for(lambda: "Cheese" not in app.screen_text() and "Set" in app.screen_text(),
                 message="the detail pushed over the list")
        return app

    def assert_list_is_back(self, app):
        wait_for(lambda: "Cheese" in app.screen_text() and "Set" not in app.screen_text(),
                 message="the list back on top")

    def test_back_button(self):
        app = self.open_narrow_detail()
        app.click(28, 26)
        self.assert_list_is_back(app)
        app.quit()

    def test_alt_left(self):
        app = self.open_narrow_detail()
        app.key("alt+Left")
        self.assert_list_is_back(app)
        # The row is still selected and has focus: Enter shows it again.
        app.key("Return")
        wait_for(lambda: "Set" in app.screen_text() and "Veggie" in app.screen_text(), message="Veggie shown again")
        app.quit()

    def test_escape(self):
        app = self.open_narrow_detail()
        app.key("Escape")
        self.assert_list_is_back(app)
        app.quit()

    def test_mouse_back_button(self):
        app = self.open_narrow_detail()
        app.click(250, 400, button=8)
        self.assert_list_is_back(app)
        app.quit()


class ListToggleTests(AppTestCase):
    def test_f9_hides_and_shows_the_list_when_wide(self):
        app = self.launch()
        app.wait_for_text("Cheese")
        app.key("F9")
        wait_for(lambda: "Cheese" not in app.screen_text(), message="the list hidden")
        app.wait_for_text("Choose a pizza")
        app.key("F9")
        app.wait_for_text("Cheese")
        app.quit()


class EditingTests(AppTestCase):
    def test_add_edit_and_delete_survive_a_restart(self):
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Margherita")
        app.key("Return")
        app.type_text("0.045")
        app.key("Return")
        app.wait_for_text("Margherita")
        menu = self.read_menu()
        self.assertIn({"name": "Margherita", "pricePerSquareInch": 0.045}, menu["pizzas"])

        # Edit the price in the detail: its field is the lowest "0.045" (the list and the price line show it too).
        x, y = max(((x, y) for text, x, y in app.words() if text == "0.045"), key=lambda point: point[1])
        app.click(int(x), int(y))
        app.key("ctrl+a")
        app.type_text("0.07")
        app.key("Return")
        wait_for(lambda: {"name": "Margherita", "pricePerSquareInch": 0.07} in self.read_menu()["pizzas"],
                 message="the new price saved")
        app.wait_for_text("0.070")

        # Delete Cheese, then Undo, then delete it for good.
        app.click_word("Cheese")
        app.key("Delete")
        app.wait_for_text("Undo")
        self.assertNotIn("Cheese", [p["name"] for p in self.read_menu()["pizzas"]])
        app.click_word("Undo")
        wait_for(lambda: self.read_menu()["pizzas"][0]["name"] == "Cheese", message="Cheese restored in place")
        app.click_word("Cheese")
        app.key("Delete")
        wait_for(lambda: "Cheese" not in [p["name"] for p in self.read_menu()["pizzas"]], message="Cheese deleted")
        self.assertEqual(app.quit(), 0)

        again = self.launch()
        again.wait_for_text("Margherita")
        text = again.screen_text()
        self.assertNotIn("Cheese", text)
        self.assertIn("0.070", text)
        again.quit()

    def test_invalid_new_pizza_shows_the_model_message_and_keeps_the_typing(self):
        app = self.launch()
        app.key("ctrl+n")
        dialog = app.dialog("New Pizza")
        app.type_text("cheese")
        app.key("Return")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_text("There is already a pizza called", window=dialog)
        app.key("End")
        app.wait_for_text("cheese", window=dialog)
        self.assertFalse(os.path.exists(self.menu_path), "nothing was saved")
        app.key("ctrl+a")
        app.type_text("Funghi")
        app.key("Tab")
        app.key("ctrl+a")
        app.type_text("-1")
        app.key("Return")
        app.wait_for_text("must be more than 0", window=dialog)
        app.key("Escape")
        wait_for(lambda: not os.popen(f"xdotool search --onlyvisible --name '^New Pizza$'").read().strip(),
                 message="the dialog to close")
        self.assertFalse(os.path.exists(self.menu_path))
        app.focus()
        app.quit()


class ErrorTests(AppTestCase):
    def test_broken_menu_file_opens_with_a_message_and_is_left_untouched(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        broken = '{"pizzas": [{"name": "Cheese", "pricePerSquareInch": "cheap"}]}'
        with open(self.menu_path, "w") as handle:
            handle.write(broken)
        app = self.launch()
        app.wait_for_text("Could not open your menu")
        self.assertIn("Pepperoni", app.screen_text(), "the default menu is shown")
        app.quit()
        with open(self.menu_path) as handle:
            self.assertEqual(handle.read(), broken)

    def test_a_save_that_fails_says_so_and_keeps_the_edit(self):
        # A file where the data folder should be: the save cannot create the folder.
        data = os.path.join(self.home, "data")
        with open(data, "w") as handle:
            handle.write("not a folder")
        app = self.launch()
        app.key("ctrl+n")
        app.dialog("New Pizza")
        app.type_text("Funghi")
        app.key("Return")
        app.type_text("0.05")
        app.key("Return")
        app.wait_for_text("Could not save")
        self.assertIn("Funghi", app.screen_text())
        app.quit()


class SingleInstanceTests(AppTestCase):
    def test_second_launch_presents_the_existing_window(self):
        first = self.launch()
        second = self.launch(wait=False)
        self.assertEqual(second.wait_exit(15), 0)
        windows = [w for w in os.popen("xdotool search --onlyvisible --name '^Pizza Split$'").read().split() if w]
        self.assertEqual(len(windows), 1)
        self.assertEqual(first.quit(), 0)


class RestoreTests(AppTestCase):
    def test_window_size_selection_size_and_list_visibility_are_restored(self):
        app = self.launch()
        app.click_word("Sausage")
        app.key("Return", "shift+Tab", "space")
        app.wait_for_text("10.0in Pizza", squeeze=True)
        app.resize(1100, 720)
        app.key("F9")
        wait_for(lambda: "Cheese" not in app.screen_text(), message="the list hidden")
        app.quit()
        again = self.launch()
        self.assertEqual(again.geometry(), (1100, 720))
        again.wait_for_text("10.0in Pizza", squeeze=True)
        text = again.screen_text()
        self.assertIn("Sausage", text)
        self.assertNotIn("Cheese", text)
        again.quit()


class OtherWindowsTests(AppTestCase):
    def test_menu_option_opens_and_saves_that_file(self):
        menu = os.path.join(self.home, "party.json")
        with open(menu, "w") as handle:
            json.dump({"pizzas": [{"name": "Funghi", "pricePerSquareInch": 0.02}],
                       "sizes": [{"label": "Small", "diameter": 9}, {"label": "Huge", "diameter": 30}]}, handle)
        app = self.launch("--menu", menu)
        app.click_word("Funghi")
        app.wait_for_text("63.62 sq in at $ 0.02 is $ 1.27", squeeze=True)
        app.click_word("Huge")
        app.wait_for_text("706.86 sq in at $ 0.02 is $ 14.14", squeeze=True)
        app.click_word("Funghi")
        app.key("Delete")
        wait_for(lambda: json.load(open(menu))["pizzas"] == [], message="the deletion saved to that file")
        self.assertFalse(os.path.exists(self.menu_path), "the user's own menu is untouched")
        app.quit()

    def test_keyboard_shortcuts_window_opens_with_ctrl_question(self):
        app = self.launch()
        app.key("ctrl+question")
        shortcuts = app.dialog("Keyboard Shortcuts")
        app.wait_for_text("Delete the selected pizza", window=shortcuts)
        app.key("Escape")
        app.focus()
        app.quit()

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
        app.focus()
        app.wait_for_text("Calzone")
        self.assertNotIn("Cheese", app.screen_text())
        app.quit()
