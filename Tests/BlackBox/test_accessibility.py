import pyatspi

from a11y_harness import application, find_all, has_state, press, walk
from harness import AppTestCase, wait_for


class AccessibilityTests(AppTestCase):
    def setUp(self):
        super().setUp()
        self.app = self.launch()
        self.root = application()

    def tearDown(self):
        self.app.quit()
        super().tearDown()

    def test_list_rows_read_name_and_price(self):
        items = wait_for(lambda: [n.name for n in find_all(self.root, role="list item") if n.name] or None,
                         message="named list items")
        self.assertEqual(items, [
            "Cheese, 0.030 dollars per square inch",
            "Sausage, 0.060 dollars per square inch",
            "Pepperoni, 0.050 dollars per square inch",
            "Veggie, 0.040 dollars per square inch",
        ])
        lists = find_all(self.root, role="list", name="Pizzas")
        self.assertEqual(len(lists), 1)

    def test_every_button_has_a_name(self):
        buttons = find_all(self.root, role="push button") + find_all(self.root, role="toggle button")
        self.assertGreater(len(buttons), 8)
        unnamed = [b.getRoleName() for b in buttons if not b.name]
        self.assertEqual(unnamed, [])
        names = {b.name for b in buttons}
        for expected in ("Add Pizza", "Main Menu", "Show Pizzas List", "Personal size, 8 inches",
                         "10 inches", "12 inches", "16 inches", "18 inches", "24 inches"):
            self.assertIn(expected, names)

    def test_chosen_size_is_exposed_as_pressed_and_pressing_another_reprices(self):
        def button(name):
            return find_all(self.root, name=name)[0]
        self.assertTrue(has_state(button("12 inches"), pyatspi.STATE_PRESSED))
        self.assertFalse(has_state(button("16 inches"), pyatspi.STATE_PRESSED))
        press(button("16 inches"))
        wait_for(lambda: has_state(button("16 inches"), pyatspi.STATE_PRESSED), message="16 inches pressed")
        self.assertFalse(has_state(button("12 inches"), pyatspi.STATE_PRESSED))
        labels = [n.name for n in find_all(self.root, role="label")]
        # The words, without the spaces that align the figures on screen.
        self.assertIn("16.0in Pizza", labels)
        # And what a sighted user sees agrees (spaces ignored: OCR cannot count the label's leading spaces).
        self.app.wait_for_text("16.0in Pizza", squeeze=True)

    def test_search_bars_close_button_is_named(self):
        self.app.key("ctrl+f")
        close = wait_for(lambda: find_all(self.root, role="push button", name="Close Search") or None,
                         message="the search bar's close button named")
        press(close[0])
        wait_for(lambda: not find_all(self.root, role="push button", name="Close Search")
                 or "Search pizzas" not in [n.name for n in find_all(self.root, role="text")],
                 message="the search bar closed")

    def test_back_button_says_where_it_goes(self):
        self.app.resize(520)
        self.app.click_word("Sausage")
        back = wait_for(lambda: find_all(self.root, name="Back to Pizzas") or None, message="the back button")
        press(back[0])
        wait_for(lambda: "Cheese" in self.app.screen_text(), message="the list after pressing back")
