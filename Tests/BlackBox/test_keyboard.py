"""Keyboard first: Tab stops, F6 between panes, Space, the context-menu keys, labels that never take focus,
and the one table of shortcuts that the Shortcuts window and the README share. Where focus is comes from
AT-SPI's FOCUSED state; keys go in through xdotool; the popover's place and the focus ring are checked on
screenshots too."""
import json
import os
import re
import subprocess

import pyatspi

from harness import ROOT, SCREENSHOTS, AppTestCase, wait_for, xdotool

WIDE = 1000
NARROW = 520
ROWS = 100_000


def focused(app):
    """The role and name of the widget that has keyboard focus, e.g. ('list item', 'Cheese, ...')."""
    found = [(node.getRoleName(), node.name) for node in app.accessibles()
             if node.getState().contains(pyatspi.STATE_FOCUSED)]
    return found[0] if len(found) == 1 else (None, None) if not found else ("several", repr(found))


def wait_for_focus(app, role, name=None, message=None):
    last = []

    def holds():
        last[:] = [focused(app)]
        return last[0][0] == role and (name is None or last[0][1] == name)
    try:
        wait_for(holds, timeout=10, interval=0.1, message=message or f"focus on the {role} {name!r}")
    except AssertionError as failure:
        raise AssertionError(f"{failure}; focus is on {last[0]}") from None
    return last[0]


def shortcuts_window_rows(app):
    """(keys, title) of every shortcut the Shortcuts window shows, keys as GTK draws them joined into text."""
    symbols = {"⏎": "Enter", "␣": "Space", "↑": "Up", "↓": "Down", "←": "Left", "→": "Right"}
    window = next(node for node in app.accessibles(role="frame") if node.name == "Keyboard Shortcuts")
    rows = []
    stack = [window]
    while stack:
        node = stack.pop()
        if node.getRoleName() == "filler" and node.name == "GtkShortcutLabel":
            keys = "".join(symbols.get(part, part) if part != "/" else ", "
                           for part in (node.getChildAtIndex(i).name for i in range(node.childCount)))
            parent = node.parent
            title = [parent.getChildAtIndex(i) for i in range(parent.childCount)][1].getChildAtIndex(0).name
            rows.append((keys, title))
        else:
            stack.extend(reversed([node.getChildAtIndex(i) for i in range(node.childCount)]))
    # GTK keeps a copy of every row on the window's (hidden) search page, in the same order.
    return list(dict.fromkeys(rows))


def walk(node):
    yield node
    for index in range(node.childCount):
        yield from walk(node.getChildAtIndex(index))


def readme_rows():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    table = text.split("### Keyboard shortcuts", 1)[1].split("\n### ", 1)[0]
    rows = [line.strip("|").split("|") for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    return [(keys.strip(), action.strip()) for keys, action in rows[1:]]


class KeyboardTests(AppTestCase):
    def write_big_menu(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            json.dump({"pizzas": [{"name": f"Pizza {n}", "pricePerSquareInch": 0.05} for n in range(ROWS)]}, handle)

    def test_tab_leaves_a_100000_row_list_in_one_press_and_shift_tab_comes_back(self):
        self.write_big_menu()
        app = self.launch()
        app.resize(WIDE)
        # A menu this large is read while the window maps: the keys wait for its rows.
        wait_for(lambda: any(name.startswith("Pizza 0,") for name in app.list_rows()), timeout=60,
                 message="the menu's rows, once read")
        app.key("Down", "Down", "space")
        app.wait_for_label("Pizza 2")
        wait_for_focus(app, "list item", "Pizza 2, 0.050 dollars per square inch")
        app.key("Tab")
        # The detail's header bar comes first, above the detail: its list button.
        wait_for_focus(app, "push button", "Show Pizzas List", message="Tab to leave the list for the detail's bar")
        app.key("Tab")
        role, name = wait_for_focus(app, "push button", message="Tab on to the detail's size row")
        self.assertEqual(name, "12 inches", "Tab into the sizes lands on the chosen one")
        shot = app.screenshot(os.path.join(SCREENSHOTS, "keyboard-tab-out-of-the-list.png"))
        self.assertTrue(os.path.exists(shot))
        app.key("shift+Tab", "shift+Tab")
        wait_for_focus(app, "list item", "Pizza 2, 0.050 dollars per square inch")
        self.assertEqual(app.quit(), 0)

    def test_tab_reaches_the_header_bar_and_goes_round_the_window_with_no_label_on_the_way(self):
        app = self.launch()
        app.resize(WIDE)
        app.key("Down", "space")
        app.wait_for_label("Sausage")
        start = wait_for_focus(app, "list item", "Sausage, 0.060 dollars per square inch")
        seen = []
        for _ in range(20):
            app.key("Tab")
            seen.append(focused(app))
            if seen[-1] == start:
                break
        self.assertEqual(seen[-1], start, f"Tab went round the window back to the list: {seen}")
        roles = [role for role, _ in seen]
        self.assertNotIn("label", roles, f"a label took focus: {seen}")
        self.assertEqual(roles.count("list item"), 1, f"the list is one Tab stop: {seen}")
        names = [name for _, name in seen]
        for button in ("Show Pizzas List", "Add Pizza", "Main Menu"):
            self.assertIn(button, names, f"Tab reaches the header bar's {button}: {seen}")
        self.assertIn("Name", names)
        self.assertIn("Price per square inch", names)
        self.assertEqual(sum(role == "push button" and name.endswith(("inch", "inches")) for role, name in seen), 1,
                         f"the size row is one Tab stop: {seen}")
        self.assertEqual(app.quit(), 0)

    def test_labels_show_no_selection_after_return_a_narrow_restart_or_an_error(self):
        app = self.launch()
        app.resize(WIDE)
        app.key("Down", "Return")
        app.wait_for_label("Sausage")
        app.key("Return")
        self.assert_no_label_selected(app)
        app.resize(NARROW)
        self.assertEqual(app.quit(), 0)
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            handle.write("{ not a menu")
        app = self.launch()
        app.wait_for_label("Sausage")
        wait_for(lambda: any(name.startswith("Could not open your menu") for name in app.labels()),
                 message="the error banner")
        self.assert_no_label_selected(app)
        app.key("Tab", "Tab", "shift+Tab")
        self.assert_no_label_selected(app)
        self.assertEqual(app.quit(), 0)

    def test_dragging_across_the_price_line_still_selects_its_text(self):
        app = self.launch()
        app.resize(WIDE)
        app.click(*app.find_word("Sausage"))
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        x, y = app.find_word("113.10")
        xdotool("mousemove", "--window", app.window, "--sync", str(x - 30), str(y))
        xdotool("mousedown", "1")
        for step in range(10):
            xdotool("mousemove", "--window", app.window, "--sync", str(x - 30 + 20 * step), str(y))
        xdotool("mouseup", "1")
        app.sync()
        line = next(node for node in app.accessibles(role="label") if node.name.startswith("113.10"))
        wait_for(lambda: line.queryText().getNSelections() == 1, message="the dragged-over text selected")
        app.screenshot(os.path.join(SCREENSHOTS, "keyboard-label-selected-by-dragging.png"))
        self.assertEqual(app.quit(), 0)

    def assert_no_label_selected(self, app):
        selected = [node.name for node in app.accessibles(role="label") if node.queryText().getNSelections() > 0]
        self.assertEqual(selected, [], "labels with selected text")

    def test_space_chooses_the_focused_row_and_pressing_it_again_keeps_the_choice(self):
        app = self.launch()
        app.resize(WIDE)
        app.key("Down", "Down")
        wait_for_focus(app, "list item", "Pepperoni, 0.050 dollars per square inch")
        app.key("space")
        app.wait_for_label("Pepperoni")
        app.key("space", "space", "ctrl+space")
        app.wait_for_label("Pepperoni")
        row = next(node for node in app.accessibles(role="list item") if node.name.startswith("Pepperoni"))
        self.assertTrue(row.getState().contains(pyatspi.STATE_SELECTED), "Space kept Pepperoni selected")
        self.assertNotIn("Choose a pizza", app.labels())
        self.assertEqual(app.quit(), 0)

    def test_f6_moves_between_the_list_and_the_detail_and_narrow_between_the_page_and_the_header_bar(self):
        app = self.launch()
        app.resize(WIDE)
        app.key("Down", "space")
        wait_for_focus(app, "list item", "Sausage, 0.060 dollars per square inch")
        app.key("F6")
        wait_for_focus(app, "push button", "12 inches", message="F6 to the detail's chosen size")
        app.key("F6")
        wait_for_focus(app, "list item", "Sausage, 0.060 dollars per square inch")
        app.key("shift+F6")
        wait_for_focus(app, "push button", "12 inches")
        app.resize(NARROW)
        app.key("Escape")
        wait_for_focus(app, "list item", "Sausage, 0.060 dollars per square inch")
        app.key("F6")
        wait_for_focus(app, "push button", "Add Pizza", message="F6 to the header bar when narrow")
        app.key("F6")
        wait_for_focus(app, "list item", "Sausage, 0.060 dollars per square inch")
        self.assertEqual(app.quit(), 0)

    def test_shift_f10_and_the_menu_key_open_the_focused_rows_menu_below_its_name(self):
        app = self.launch()
        app.resize(WIDE)
        app.key("Down", "Down")
        wait_for_focus(app, "list item", "Pepperoni, 0.050 dollars per square inch")
        for key in ("shift+F10", "Menu"):
            app.key(key)
            self.assert_menu_below_the_name(app, "Pepperoni", f"keyboard-context-menu-{key.replace('+', '-')}.png")
        self.assertEqual(app.quit(), 0)

    def test_a_right_click_opens_the_rows_menu_below_its_name(self):
        app = self.launch()
        app.resize(WIDE)
        x, y = app.find_word("Sausage")
        app.click(x, y - 4, button=3)
        self.assert_menu_below_the_name(app, "Sausage", "right-click-context-menu.png")
        self.assertEqual(app.quit(), 0)

    def assert_menu_below_the_name(self, app, pizza, screenshot):
        """The row's menu is open, for `pizza`, and its surface (arrow and shadow included) starts below the
        row's name; then Escape closes it."""
        popup = app.popup()
        app.wait_for_label(pizza)
        self.assertIn("Delete", [node.name for node in app.accessibles(role="menu item")])
        row = next(node for node in app.accessibles(role="list item") if node.name.startswith(pizza + ","))
        name = next(node for node in walk(row) if node.getRoleName() == "label" and node.name == pizza)
        _, name_y, _, name_height = name.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        origin = dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", app.window).splitlines())
        place = dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", popup).splitlines())
        popup_top = int(place["Y"]) - int(origin["Y"])
        app.screenshot(os.path.join(SCREENSHOTS, screenshot), window="root")
        self.assertGreaterEqual(popup_top, name_y + name_height,
                                f"the menu ({place}) covers the name at y={name_y}..{name_y + name_height}")
        app.key("Escape")
        wait_for(lambda: not self._popup_open(app), timeout=10, message="the menu to close")

    def _popup_open(self, app):
        try:
            app.popup(timeout=0.3)
            return True
        except AssertionError:
            return False

    def test_the_shortcuts_window_lists_exactly_the_readmes_table(self):
        app = self.launch()
        app.key("ctrl+question")
        app.dialog("Keyboard Shortcuts")
        app.wait_for_label("Delete the selected pizza", window="Keyboard Shortcuts")
        shown = shortcuts_window_rows(app)
        self.assertEqual(shown, readme_rows(), "the README's table and the Shortcuts window list the same keys")
        app.key("Escape")
        app.wait_for_no_window("Keyboard Shortcuts")
        self.assertEqual(app.quit(), 0)


class MainMenuOutOfSightTests(AppTestCase):
    def open_shortcuts_through_f10(self, app):
        """F10, then the Keyboard Shortcuts item's access key: the window opens only if F10 opened the main menu."""
        app.key("F10")
        app.key("k")
        app.dialog("Keyboard Shortcuts", timeout=10.0)
        app.key("Escape")
        app.wait_for_no_window("Keyboard Shortcuts")
        app.focus()

    def test_f10_opens_the_main_menu_with_the_detail_alone_and_on_the_narrow_detail_page(self):
        app = self.launch()
        app.wait_for_text("Pepperoni")
        app.resize(800)
        wait_for(lambda: app.title() == "Pizza Split", message="the window at 800 px")
        self.open_shortcuts_through_f10(app)  # the detail alone: the list's bar is out of sight
        app.resize(480)
        app.key("Down", "Return")  # the list's page, then the chosen pizza's
        self.open_shortcuts_through_f10(app)
        self.assertEqual(app.quit(), 0)


class EmptiedListTests(AppTestCase):
    def test_deleting_the_only_match_keeps_the_focus_in_the_search_and_the_detail_offers_the_sizes(self):
        app = self.launch()
        app.key("ctrl+f")
        app.type_text("pep")
        wait_for(lambda: app.list_rows() == ["Pepperoni, 0.050 dollars per square inch"], message="one match")
        app.click_word("Pepperoni")
        wait_for_focus(app, "list item", "Pepperoni, 0.050 dollars per square inch")
        app.key("Delete")
        app.wait_for_label("No pizzas match")
        wait_for_focus(app, "entry", "Search pizzas", message="the focus back in the search field")
        # The detail is the one with nothing chosen, not a blank pane.
        app.wait_for_label("Choose a pizza")
        app.wait_for_text("Choose a pizza")
        app.wait_for_text("Personal")
        self.assertEqual(app.quit(), 0)
