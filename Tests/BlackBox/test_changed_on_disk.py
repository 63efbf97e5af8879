"""Another program's change to the open menu file (issue 30 item 12): shown when nothing here is unsaved,
asked about when something is, and never overwritten without a word."""
import json
import os
import signal
import subprocess

from harness import AppTestCase, focused_window, wait_for, xdotool
from test_session import click_lowest, entry_text
from test_states import press

WAIT = 20

MENU = {"pizzas": [{"name": "Funghi", "pricePerSquareInch": 0.05},
                   {"name": "Diavola", "pricePerSquareInch": 0.06}]}
EDITED = {"pizzas": MENU["pizzas"] + [{"name": "Alpha", "pricePerSquareInch": 0.07}]}


def bar_layout(app, message):
    """"stacked" when the bar's Dismiss button lies below its message, "beside" when level with it (AT-SPI extents,
    window coordinates)."""
    labels = app.accessibles(role="label", name=message)
    buttons = app.accessibles(role="push button", name="Dismiss Message")
    if not labels or not buttons:
        return None
    text, button = labels[0].queryComponent().getExtents(1), buttons[0].queryComponent().getExtents(1)
    if button.y >= text.y + text.height:
        return "stacked"
    return "beside" if text.y <= button.y + button.height / 2 <= text.y + text.height else None


class ChangedOnDiskTests(AppTestCase):
    def write_menu(self, content):
        """Writes in place, as an editor does: truncate, then write."""
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            json.dump(content, handle)

    def names_on_disk(self):
        return [pizza["name"] for pizza in self.read_menu()["pizzas"]]

    def test_an_editors_change_is_shown_and_the_next_edit_keeps_it(self):
        self.write_menu(MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.write_menu(EDITED)
        app.wait_for_text("Alpha", timeout=WAIT)
        # The next save goes over the file as the editor left it: nothing it wrote is lost.
        app.click_word("Funghi")
        app.key("Delete")
        wait_for(lambda: self.names_on_disk() == ["Diavola", "Alpha"], timeout=WAIT, message="the edit saved over the editor's file")
        self.assertEqual(app.quit(), 0)

    def test_a_menu_deleted_by_another_program_stays_shown_says_so_and_the_next_edit_writes_it_again(self):
        self.write_menu(MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        os.remove(self.menu_path)
        app.wait_for_label("Another program deleted or moved menu.json. The menu is still open here, and your next "
                           "change saves it there again.", timeout=WAIT)
        self.assertEqual(len(app.list_rows()), 2, "the menu is still shown, not replaced by the default one")
        self.assertFalse(os.path.exists(self.menu_path), "nothing is written back before a change")
        # The bar wraps as the window narrows, without a GTK critical about its height (a stranger's resize).
        # Narrow, its button goes below the message instead of squeezing it into a tall strip beside it.
        message = "Another program deleted or moved menu.json. The menu is still open here, and your next change saves it there again."
        app.resize(400)
        wait_for(lambda: bar_layout(app, message) == "stacked", timeout=WAIT, message="the button below the message, narrow")
        app.resize(960)
        wait_for(lambda: bar_layout(app, message) == "beside", timeout=WAIT, message="the button beside the message, wide")
        self.assertClean(app)
        app.click_word("Funghi")
        app.key("Delete")
        # Saved at once where it was, not refused again and again as a change on disk.
        wait_for(lambda: os.path.exists(self.menu_path) and self.names_on_disk() == ["Diavola"], timeout=WAIT,
                 message="the edit written to the deleted menu's place")
        app.wait_for_label("Another program deleted or moved menu.json. Your menu was saved there again.", timeout=WAIT)
        self.assertIsNone(app.find_window("Unsaved Changes"), "nothing to ask: there was nothing on disk to lose")
        self.assertEqual(app.quit(), 0)

    def test_quitting_after_the_menu_was_deleted_asks_and_save_again_writes_it_before_quitting(self):
        self.write_menu(MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        os.remove(self.menu_path)
        app.wait_for_message("Another program deleted or moved menu.json", timeout=WAIT)
        app.key("ctrl+q")
        dialog = app.dialog("Unsaved Changes", timeout=WAIT)
        self.assertIn("Save the menu again before closing?", app.screen_text(window=dialog))
        app.key("Return")  # Save Again, the answer that loses nothing
        self.assertEqual(app.wait_exit(), 0)
        self.assertEqual(self.names_on_disk(), ["Funghi", "Diavola"])

    def type_a_price_while_an_editor_changes_the_file(self):
        """Diavola's price typed as 0.09, not yet applied, when an editor writes EDITED: a bar says so, and no
        question takes the field's focus; Enter applies the price, whose save meets the editor's file: the app
        asks. Returns the app and the question's window."""
        self.write_menu(MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        app.click_word("Diavola")
        click_lowest(app, "0.06")
        app.key("ctrl+a")
        app.type_text("0.0")
        self.write_menu(EDITED)
        app.wait_for_message("Another program changed menu.json", timeout=WAIT)
        app.type_text("9")
        wait_for(lambda: entry_text(app, "Price per square inch") == "0.09", message="typing goes on in the field")
        app.key("Return")
        return app, app.dialog("Unsaved Changes", timeout=WAIT)

    def test_cancelling_the_question_leaves_the_bar_saying_the_file_differs_and_its_button_asks_again(self):
        app, _ = self.type_a_price_while_an_editor_changes_the_file()
        app.key("Escape")
        app.wait_for_no_window("Unsaved Changes")
        app.focus()
        app.wait_for_message("Another program changed menu.json", timeout=WAIT)
        self.assertEqual(self.read_menu(), EDITED, "nothing written over the editor's file")
        app.press_button("Choose What to Keep…")
        app.dialog("Unsaved Changes", timeout=WAIT)
        app.key("alt+r")
        app.wait_for_no_window("Unsaved Changes")
        app.wait_for_text("Alpha", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        self.assertEqual(self.read_menu(), EDITED)

    def test_an_editors_change_while_a_price_is_typed_asks_and_reload_shows_it(self):
        app, dialog = self.type_a_price_while_an_editor_changes_the_file()
        self.assertIn("changed by another program", app.screen_text(window=dialog))
        self.assertNotIn("Alpha", app.screen_text(), "nothing is reloaded before the answer")
        app.key("alt+r")
        app.wait_for_no_window("Unsaved Changes")
        app.wait_for_text("Alpha", timeout=WAIT)
        self.assertEqual(self.names_on_disk(), ["Funghi", "Diavola", "Alpha"])
        self.assertEqual(app.quit(), 0)

    def test_ctrl_q_while_the_question_is_open_quits_once_it_is_answered(self):
        app, _ = self.type_a_price_while_an_editor_changes_the_file()
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+r")  # Reload and Lose My Changes
        self.assertEqual(app.wait_exit(), 0)
        self.assertEqual(self.read_menu(), EDITED, "the editor's file, reloaded and left as it was")

    def test_save_as_keeps_my_typed_price_in_another_file_and_the_editors_change_in_its_own(self):
        app, _ = self.type_a_price_while_an_editor_changes_the_file()
        # Enter takes the answer that loses nothing, Save As…, never Keep Mine and Overwrite.
        app.key("Return")
        save_as(app, "mine.json")
        mine = os.path.join(os.path.dirname(self.menu_path), "mine.json")
        wait_for(lambda: os.path.exists(mine), timeout=WAIT, message="my changes written to another file")
        with open(mine) as handle:
            self.assertEqual([(pizza["name"], pizza["pricePerSquareInch"]) for pizza in json.load(handle)["pizzas"]],
                             [("Funghi", 0.05), ("Diavola", 0.09)])
        self.assertEqual(self.read_menu(), EDITED, "the editor's file is left as the editor wrote it")
        wait_for(lambda: app.title() == "mine.json — Pizza Split", timeout=WAIT, message="my file open in the window")
        self.assertEqual(app.quit(), 0)


def save_as(app, name):
    """Answers the Save Menu As dialog (already asked for) with `name`, typed over the name it suggests, in the
    folder it opens in: the open menu's. (A whole path typed there meets the dialog's completion halfway.)"""
    app.dialog("Save Menu As", timeout=WAIT)
    app.key("ctrl+a")
    app.type_text(name)
    app.key("Return")
    app.wait_for_no_window("Save Menu As")
    app.focus()


class SecondInstanceTests(AppTestCase):
    def test_two_instances_in_separate_sessions_on_one_menu_keep_what_each_adds(self):
        """Two sessions (two D-Bus buses, so GApplication does not make them one instance) on one menu file: what
        one adds, the other shows, and its own addition is saved over it, never instead of it."""
        ChangedOnDiskTests.write_menu(self, MENU)
        bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                             capture_output=True, text=True, check=True, timeout=30).stdout.split()
        self.addCleanup(os.kill, int(bus[1]), signal.SIGTERM)
        first = self.launch()
        first.wait_for_text("Diavola", timeout=WAIT)
        # The other session's app is driven through X alone: its accessibility bus is its own session's.
        second = self.launch(env={"DBUS_SESSION_BUS_ADDRESS": bus[0]}, wait=False)
        second.window = wait_for(lambda: second.find_window("^Pizza Split$"), timeout=WAIT, message="the second window")
        second.wait_for_text("Diavola", timeout=WAIT)

        first.focus()
        first.key("ctrl+n")
        first.dialog("New Pizza")
        first.type_text("Alpha")
        first.key("Tab")
        first.type_text("0.07")
        first.key("Return")
        wait_for(lambda: "Alpha" in ChangedOnDiskTests.names_on_disk(self), timeout=WAIT, message="Alpha saved")
        second.wait_for_text("Alpha", timeout=WAIT)

        def focus_second(window):
            wait_for(lambda: xdotool("windowfocus", "--sync", window, check=False) is not None
                     and focused_window() == window, timeout=WAIT, message="the second app's window focused")
        focus_second(second.window)
        xdotool("key", "--clearmodifiers", "ctrl+n")
        dialog = wait_for(lambda: second.find_window("^New Pizza$"), timeout=WAIT, message="the second app's New Pizza")
        focus_second(dialog)
        xdotool("type", "--delay", "40", "--", "Beta")
        xdotool("key", "--clearmodifiers", "Tab")
        xdotool("type", "--delay", "40", "--", "0.08")
        xdotool("key", "--clearmodifiers", "Return")
        wait_for(lambda: ChangedOnDiskTests.names_on_disk(self) == ["Funghi", "Diavola", "Alpha", "Beta"], timeout=WAIT,
                 message="both additions on disk")
        first.wait_for_text("Beta", timeout=WAIT)
        self.assertEqual(first.quit(), 0)
        focus_second(second.window)
        xdotool("key", "--clearmodifiers", "ctrl+q")
        self.assertEqual(second.wait_exit(), 0)
        self.assertEqual(ChangedOnDiskTests.names_on_disk(self), ["Funghi", "Diavola", "Alpha", "Beta"])


class ReadOnlyMenuTests(AppTestCase):
    def test_a_read_only_menu_keeps_an_edit_in_the_window_and_save_a_copy_writes_it_elsewhere(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            json.dump(MENU, handle)
        os.chmod(self.menu_path, 0o444)
        before = open(self.menu_path, "rb").read()
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        app.key("Home", "Delete")
        wait_for(lambda: len(app.list_rows()) == 1, timeout=WAIT, message="the delete shown in the window")
        app.wait_for_message("menu.json is read-only: your changes are kept in this window only", timeout=WAIT)
        self.assertEqual(open(self.menu_path, "rb").read(), before)
        # Named once, without its mnemonic, as a screen reader reads it (GTK 4.8 read "Save a Copy… Save a Copy…").
        self.assertIn("Save a Copy…", app.accessibles(role="push button", read=lambda node: node.name))
        app.press_button("Save a Copy…")
        save_as(app, "copy.json")
        copy = os.path.join(os.path.dirname(self.menu_path), "copy.json")
        wait_for(lambda: os.path.exists(copy), timeout=WAIT, message="the copy written")
        with open(copy) as handle:
            self.assertEqual([pizza["name"] for pizza in json.load(handle)["pizzas"]], ["Diavola"])
        wait_for(lambda: app.title() == "copy.json — Pizza Split", timeout=WAIT, message="the copy open in the window")
        # The copy is the open file now: the next edit is saved there, and the read-only file is left as it is.
        app.key("ctrl+z")
        wait_for(lambda: len(json.load(open(copy))["pizzas"]) == 2, timeout=WAIT, message="the undo saved to the copy")
        self.assertEqual(open(self.menu_path, "rb").read(), before)
        self.assertEqual(app.quit(), 0)


class TitleFolderTests(AppTestCase):
    def test_the_title_names_the_folder_when_two_files_opened_share_a_name(self):
        party = os.path.join(self.home, "party", "menu.json")
        os.makedirs(os.path.dirname(party))
        with open(party, "w") as handle:
            json.dump(MENU, handle)
        app = self.launch()
        app.wait_for_text("Pepperoni", timeout=WAIT)
        second = self.launch("--menu", party, wait=False)
        self.assertEqual(second.wait_exit(WAIT), 0)
        app.wait_for_text("Diavola", timeout=WAIT)
        folder = os.path.dirname(party)
        wait_for(lambda: app.title() == f"menu.json ({folder}) — Pizza Split", timeout=WAIT,
                 message=f"the title to name {folder}, not {app.title()!r}")
        self.assertEqual(app.quit(), 0)


class WindowStatePerFileTests(AppTestCase):
    def state_of(self, path):
        with open(path) as handle:
            return dict(line.split("=", 1) for line in handle.read().splitlines() if "=" in line)

    def test_each_menu_file_keeps_its_own_chosen_size_through_switching_files(self):
        party = os.path.join(self.home, "party.json")
        with open(party, "w") as handle:
            json.dump({"pizzas": MENU["pizzas"], "sizes": [{"label": "Small", "diameter": 8},
                                                           {"label": "Large", "diameter": 20}]}, handle)
        app = self.launch()
        app.wait_for_text("Pepperoni", timeout=WAIT)
        press(app, "18 inches")
        app.wait_for_labels(lambda labels: any("18.0in Pizza" in label for label in labels), message="18\" chosen")
        self.assertEqual(self.launch(party, wait=False).wait_exit(WAIT), 0)
        app.wait_for_text("Diavola", timeout=WAIT)
        press(app, "20 inches")
        app.wait_for_labels(lambda labels: any("20.0in Pizza" in label for label in labels), message="Large chosen")
        self.assertEqual(self.launch(self.menu_path, wait=False).wait_exit(WAIT), 0)
        app.wait_for_text("Pepperoni", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        states = os.path.join(self.home, "state", "pizza-split")
        own = self.state_of(os.path.join(states, "window-state"))
        others = [self.state_of(os.path.join(states, name)) for name in os.listdir(states) if name.startswith("window-state-")]
        self.assertEqual(own.get("size"), '18"')
        self.assertEqual([state.get("size") for state in others], ["Large"])
