"""The notes app of the article "Build a notes app" (Sources/SplitView/SplitView.docc/BuildANotesApp.md), built
from Examples/NotesApp as notes-example: the app a reader of the article ends with runs and does what the
article says. The article's code is that file (Tests/Docs checks it)."""
import os

import pyatspi

from harness import App, AppTestCase, ROOT, wait_for

NOTES = os.environ.get("NOTES_EXAMPLE_BINARY", os.path.join(ROOT, ".build", "debug", "notes-example"))


class NotesApp(App):
    def __init__(self, home):
        self.home = home
        self.title_text = "Notes"
        self.start([NOTES], os.environ)

    def title_field(self):
        """The note's title field (the first text field): its text, whether it has the keyboard focus, its caret."""
        field = self.accessibles(role="text")[0]
        text = field.queryText()
        return text.getText(0, text.characterCount), field.getState().contains(pyatspi.STATE_FOCUSED), text.caretOffset


class NotesExampleTests(AppTestCase):
    def test_notes_are_added_renamed_and_kept_sorted_with_the_caret_where_the_user_types(self):
        app = self.start_and_wait(lambda: NotesApp(self.home))
        app.wait_for_label("No Notes")
        for title in ("Zebra", "Apple"):
            app.press_button("New Note")
            # The button's action runs once the app's main loop comes round; the new note is then shown, focused.
            wait_for(lambda: app.title_field()[:2] == ("Untitled", True) and "Untitled" in app.list_rows(),
                     message="the new note's title field, focused")
            app.type_text(title)
        wait_for(lambda: app.list_rows() == ["Apple", "Zebra"], message="the notes in alphabetical order")

        app.key("Home")
        app.type_text("Zz")
        wait_for(lambda: app.list_rows() == ["Zebra", "ZzApple"], message="the renamed note moved to its new row")
        self.assertEqual(app.title_field(), ("ZzApple", True, 2), "the caret stayed after the Zz, in the title field")
        app.type_text("-")
        wait_for(lambda: app.list_rows() == ["Zebra", "Zz-Apple"], message="typing went on at the caret")
        app.press_button("Close")
        app.wait_exit()
