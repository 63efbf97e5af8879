"""The app's session as a user meets it: dialogs that answer every time, edits that can be undone and
redone, nothing typed lost, and no unsaved change dropped on the way out."""
import json
import os
import time

from harness import AppTestCase, wait_for, xdotool

ADD_BUTTON = (70, 27)


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
        names = [pizza["name"] for pizza in self.read_menu()["pizzas"]]
        self.assertEqual(names[-3:], ["Round0", "Round1", "Round2"])
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
        self.assertIn("Marinara", [pizza["name"] for pizza in self.read_menu()["pizzas"]])
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
            app.key("F10")
            time.sleep(0.5)
            app.key("a")
            app.dialog("About Pizza Split")
            app.key("Escape")
            wait_closed(app, "About Pizza Split")
            app.focus()
        self.assertEqual(app.quit(), 0)
