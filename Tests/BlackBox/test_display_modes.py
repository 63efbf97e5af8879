"""Issue 31's walk through the split view's three layouts in the pizza app: 1200 -> 800 -> 500 -> 800 -> 1200 px,
with a pizza chosen and with none. At each width the layout, the detail's exact text, the selection and the
focus are read through AT-SPI; the list over the detail is opened with F9 and closed with Escape at 800 px."""
import pyatspi

from harness import AppTestCase, wait_for
from test_keyboard import focused

PRICE_LINE = "113.10 sq in at $  0.06 is $  6.79"
SAUSAGE_ROW = "Sausage, 0.060 dollars per square inch"
# The X window's width, and what the view shows there: side by side from 900 px of the view's width, the
# list over the detail (closed) from 720, the stack below.
WALK = [(1200, "both"), (800, "detail"), (500, "stack"), (800, "detail"), (1200, "both")]


def layout(app):
    """'stack' without the list button; 'both' when the list's rows are in the tree beside or over the detail;
    'detail' when the list is closed (its rows are then out of the accessibility tree)."""
    nodes = app.accessibles(read=lambda node: (node.getRoleName(), node.name))
    if ("push button", "Show Pizzas List") not in nodes:
        return "stack"
    return "both" if any(role == "list item" for role, _ in nodes) else "detail"


def selected_rows(app):
    return [node.name for node in app.accessibles(role="list item")
            if node.getState().contains(pyatspi.STATE_SELECTED)]


class DisplayModeWalkTests(AppTestCase):
    def walk(self, chosen):
        app = self.launch()
        if chosen:
            app.click_word("Sausage")
        detail_text = PRICE_LINE if chosen else "Choose a pizza"
        app.wait_for_label(detail_text)
        for step, (width, expected) in enumerate(WALK):
            app.resize(width)
            wait_for(lambda: layout(app) == expected, message=f"{expected} at {width} px (step {step + 1})")
            self.assertIn(detail_text, app.labels(), f"the detail's text at {width} px")
            if expected != "detail":
                self.assertEqual(selected_rows(app), [SAUSAGE_ROW] if chosen else [], f"the selection at {width} px")
            role, name = focused(app)
            if expected == "detail":
                self.assertNotEqual(role, "list item", f"focus on a hidden row at {width} px")
            if expected == "stack" and not chosen:
                self.assertEqual(role, "list item", "nothing chosen, narrow: the list has the focus")
            if width == 800:
                self.open_and_close_the_list(app, chosen, (role, name))
        self.assertEqual(app.quit(), 0)

    def open_and_close_the_list(self, app, chosen, focus_before):
        app.key("F9")
        wait_for(lambda: layout(app) == "both", message="the list over the detail, in the tree")
        self.assertEqual(selected_rows(app), [SAUSAGE_ROW] if chosen else [])
        if chosen:
            wait_for(lambda: focused(app) == ("list item", SAUSAGE_ROW), message="focus on the chosen row")
        else:
            wait_for(lambda: focused(app)[0] == "list item", message="focus in the list")
        app.key("Escape")
        wait_for(lambda: layout(app) == "detail", message="the list closed, out of the tree")
        wait_for(lambda: focused(app) == focus_before, message=f"focus back on {focus_before}")

    def test_walk_through_every_layout_with_a_pizza_chosen(self):
        self.walk(chosen=True)

    def test_walk_through_every_layout_with_none_chosen(self):
        self.walk(chosen=False)

    def test_narrowing_after_every_pizza_was_deleted_moves_the_panes_without_a_warning(self):
        """Deleting the last row leaves the focus on the Add button, in the list's header bar; taking the panes
        out of GtkPaned then made it warn that it could not find its last focus widget. The end-of-test check
        fails on any warning."""
        app = self.launch()
        app.resize(960, 640)
        app.click_word("Cheese")
        for remaining in (3, 2, 1, 0):
            app.key("Delete")
            wait_for(lambda: len(app.list_rows()) == remaining, message=f"{remaining} pizzas left")
        app.wait_for_label("No Pizzas")
        app.resize(800, 640)
        # The Add button is in the list's header bar, which goes out of sight with the list: the focus leaves it.
        wait_for(lambda: focused(app)[1] not in ("Add Pizza", "several"), message="the focus off the hidden Add")
        app.resize(500, 640)
        self.assertEqual(app.quit(), 0)
