"""The pizza's description in the detail: shown, edited, put back by Escape, saved, and undone."""
import json
import os

from harness import AppTestCase, wait_for


def description_field(app):
    return wait_for(lambda: (app.accessibles(role="text", name="Description") or [None])[0],
                    message="the Description field")


def click_word_starting(app, start):
    """Clicks the lowest word on screen that starts with `start` (the detail's fields are below the rest)."""
    def lookup():
        places = [(x, y) for text, x, y in app.words() if text.startswith(start)]
        return max(places, key=lambda place: place[1]) if places else None
    x, y = wait_for(lookup, 5, interval=0.2, message=f"a word starting {start!r} on screen")
    app.click(int(x), int(y))


def field_text(app):
    text = description_field(app).queryText()
    return text.getText(0, text.characterCount)


class DescriptionTests(AppTestCase):
    def test_a_description_is_shown_edited_put_back_saved_and_undone(self):
        os.makedirs(os.path.dirname(self.menu_path), exist_ok=True)
        with open(self.menu_path, "w") as handle:
            json.dump({"pizzas": [
                {"name": "Margherita", "pricePerSquareInch": 0.05, "description": "Tomato, mozzarella, basil"},
                {"name": "Plain", "pricePerSquareInch": 0.03}]}, handle)
        app = self.launch()
        app.click_word("Margherita")
        wait_for(lambda: field_text(app) == "Tomato, mozzarella, basil", message="the description shown")

        click_word_starting(app, "mozzarella")
        app.key("ctrl+a")
        app.type_text("Tomato, basil")
        wait_for(lambda: field_text(app) == "Tomato, basil", message="the typing")
        app.key("Escape")
        wait_for(lambda: field_text(app) == "Tomato, mozzarella, basil", message="Escape puts the description back")

        app.key("ctrl+a")
        app.type_text("Tomato, basil")
        app.key("Return")
        wait_for(lambda: self.read_menu()["pizzas"][0].get("description") == "Tomato, basil", message="the description saved")
        self.assertNotIn("description", self.read_menu()["pizzas"][1], "a pizza without one still has none")

        app.click_word("Plain")
        wait_for(lambda: field_text(app) == "", message="Plain has no description")
        app.key("ctrl+z")
        wait_for(lambda: self.read_menu()["pizzas"][0].get("description") == "Tomato, mozzarella, basil",
                 message="the edit undone in the file")
        wait_for(lambda: field_text(app) == "Tomato, mozzarella, basil", message="the undone description shown")
        self.assertEqual(app.quit(), 0)
