"""The notes app of the article "Build a notes app" (Sources/SplitView/SplitView.docc/BuildANotesApp.md): the app
a reader of the article ends with runs and does what the article says. The article's code is
Examples/NotesApp/main.swift (Tests/Docs checks it), built here as notes-example; under make test, the suite
"notes client" builds the article's own package outside this repository (Tests/Docs/notes_client.py) and runs
these tests against that binary (NOTES_EXAMPLE_BINARY)."""
import os

import pyatspi

from harness import App, AppTestCase, ROOT, wait_for

NOTES = os.environ.get("NOTES_EXAMPLE_BINARY", os.path.join(ROOT, ".build", "debug", "notes-example"))
# The detail pane's margins (NoteEditor's setMargins(24)).
MARGIN = 24


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

    def rows(self, list_name):
        """The names of the rows of the list called `list_name` ("Notes", or the sidebar's "Folders")."""
        lists = self.accessibles(role="list", name=list_name)
        if not lists:
            return []
        return [row.name for row in (lists[0].getChildAtIndex(i) for i in range(lists[0].childCount))
                if row is not None and row.getRoleName() == "list item"]

    def choose_folder(self, name):
        """Clicks the folder `name` in the sidebar."""
        row = wait_for(lambda: (self.accessibles(role="list item", name=name) or [None])[0],
                       message=f"the folder {name!r}")
        box = row.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.click(box.x + box.width // 2, box.y + box.height // 2)

    def geometry_of_the_note(self):
        """Window coordinates (x, right edge) of the window, the sidebar, the title field and the text view."""
        def span(node):
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return box.x, box.x + box.width
        return {"window": span(self.accessibles(role="frame", name="Notes")[0]),
                "sidebar": span(self.accessibles(role="list", name="Folders")[0]),
                "title": span(self.accessibles(role="text")[0]),
                "text": span(self.accessibles(role="text")[1])}


class NotesExampleTests(AppTestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(NOTES, os.X_OK):
            raise AssertionError(f"no notes app at {NOTES}: swift build --product notes-example first")

    def test_notes_are_added_renamed_and_kept_sorted_with_the_caret_where_the_user_types(self):
        app = self.start_and_wait(lambda: NotesApp(self.home))
        app.wait_for_label("No Notes")
        for title in ("Zebra", "Apple"):
            app.press_button("New Note")
            # The button's action runs once the app's main loop comes round; the new note is then shown, focused.
            wait_for(lambda: app.title_field()[:2] == ("Untitled", True) and "Untitled" in app.rows("Notes"),
                     message="the new note's title field, focused")
            app.type_text(title)
        wait_for(lambda: app.rows("Notes") == ["Apple", "Zebra"], message="the notes in alphabetical order")

        app.key("Home")
        app.type_text("Zz")
        wait_for(lambda: app.rows("Notes") == ["Zebra", "ZzApple"], message="the renamed note moved to its new row")
        self.assertEqual(app.title_field(), ("ZzApple", True, 2), "the caret stayed after the Zz, in the title field")
        app.type_text("-")
        wait_for(lambda: app.rows("Notes") == ["Zebra", "Zz-Apple"], message="typing went on at the caret")

        # Each folder of the sidebar has notes of its own.
        app.choose_folder("Work")
        wait_for(lambda: app.rows("Notes") == [] and app.title_field()[0] == "", message="the Work folder, empty")
        app.wait_for_label("No Notes")
        app.choose_folder("Personal")
        wait_for(lambda: app.rows("Notes") == ["Zebra", "Zz-Apple"], message="the Personal folder's notes again")
        app.press_button("Close")
        app.wait_exit()

    def test_the_note_stays_whole_beside_the_sidebar_when_the_window_crosses_the_collapse_width_at_once(self):
        # Issue 35: beside a 200 px sidebar, 1000 → 860 px in one step left the list and the note side by side,
        # the note cut off at the window's edge. Each step waits for the layout that width has, with the note
        # whole in it: its fields inside its margins, between the sidebar and the window's edge.
        app = self.start_and_wait(lambda: NotesApp(self.home))
        app.press_button("New Note")
        wait_for(lambda: app.title_field()[:2] == ("Untitled", True), message="the new note, shown")
        seen = []

        def note_is_whole(side_by_side):
            seen[:] = [app.geometry_of_the_note()]
            found = seen[0]
            window_end, sidebar_end = found["window"][1], found["sidebar"][1]
            # Side by side, the list (at least 240 px) lies between the sidebar and the note; alone, nothing (the
            # sidebar's list ends a pixel before its column).
            start = found["text"][0] - MARGIN - sidebar_end
            return ((start >= 240) if side_by_side else (0 <= start <= 1)) and all(
                field[0] >= sidebar_end + MARGIN and field[1] <= window_end - MARGIN
                for field in (found["title"], found["text"]))

        # 1100 px (the window's default) leaves the view 890 px, side by side both ways; at 860 px, 650 px is
        # below the collapse (680): those steps jump over the middle layout (680 to 800 px). At 895 px, 685 px
        # is more than the layout's own minimums (240 + 400) but less than the panes need (240 + 448).
        for width, side_by_side, layout in ((1100, True, "the list and the note side by side"),
                                            (860, False, "the note alone (collapsed)"),
                                            (1100, True, "the list and the note side by side again"),
                                            (895, False, "the note alone, the list over it on demand")):
            app.resize(width, 650)
            try:
                wait_for(lambda: note_is_whole(side_by_side), message=f"at {width} px, {layout}, whole")
            except AssertionError as failure:
                raise AssertionError(f"{failure}; window coordinates (x, end): {seen[-1]}") from None
        app.press_button("Close")
        app.wait_exit()
