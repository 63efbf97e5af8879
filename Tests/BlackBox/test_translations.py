import os
import re
import sys

from harness import App, AppTestCase, ROOT, wait_for
from test_split_demos import DEMOS

sys.path.insert(0, os.path.join(ROOT, "Tests", "Metadata"))
from catalogues import compile_catalogues, environment, message_pattern, template  # noqa: E402

# Text GTK writes itself, from its own catalogue: the header bar's window buttons, and the type names GTK 4.8 gives
# as the accessible name of a widget that has none (never shown or spoken as words).
GTK_OWN = re.compile(r"^((Close|Minimize|Maximize)( the window)?|Gtk[A-Z][A-Za-z]+)$")
# A date as the dates demo shows it (data, not a message): 2026-12-04 16:30:00 UTC, or 16:30:00 in a row.
DATE = re.compile(r"^(\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d( \S+)?$")


class LocalizedDemo(App):
    """split-demos with the variables of a language (or none: English)."""

    def __init__(self, home, demo, title, variables):
        self.home = home
        self.title_text = title
        self.start([DEMOS, demo], dict(os.environ, **variables))


def shown_texts(app):
    """Every name and description in the app's windows (not the application's own name, its program name): what is
    shown, spoken or given as a tooltip."""
    texts = set()
    for node in app.accessibles():
        if node.getRoleName() != "application":
            texts.update(text for text in (node.name, node.description) if text)
    return texts


class TranslatedDemoTests(AppTestCase):
    def setUp(self):
        super().setUp()
        self.locale = compile_catalogues(os.path.join(self.home, "locale"))

    def test_the_colours_demo_reads_in_german_french_and_italian(self):
        for language, title, first, heading in (("de", "Farben", "Rot", "Wählen Sie eine Farbe"),
                                                ("fr", "Couleurs", "Rouge", "Choisissez une couleur"),
                                                ("it", "Colori", "Rosso", "Scegli un colore")):
            with self.subTest(language=language):
                variables = environment(language, self.locale)
                app = self.start_and_wait(lambda: LocalizedDemo(self.home, "colours", title, variables))
                self.assertEqual(app.title(), title)
                self.assertEqual(app.list_rows()[:2], [first, {"de": "Blau", "fr": "Bleu", "it": "Blu"}[language]])
                app.wait_for_label(heading)
                self.assertEqual(app.quit(), 0)

    def test_the_dates_demo_names_its_buttons_in_german(self):
        app = self.start_and_wait(lambda: LocalizedDemo(self.home, "dates", "Daten", environment("de", self.locale)))
        app.wait_for_label("Keine Daten")
        app.press_button("Datum hinzufügen")
        wait_for(lambda: len(app.list_rows()) == 1, message="a date in the list")
        app.press_button("Bearbeiten")
        row = app.list_rows()[0]
        wait_for(lambda: app.accessibles(name=f"{row} löschen"), message="the row's delete button, in German")
        self.assertEqual(app.quit(), 0)

    def test_every_text_the_demos_show_is_in_the_template(self):
        patterns = [message_pattern(entry.msgid) for entry in template()]
        english = {"LANGUAGE": "", "LANG": "C.UTF-8", "LC_ALL": ""}
        for demo, title in (("colours", "Colours"), ("dates", "Dates")):
            with self.subTest(demo=demo):
                app = self.start_and_wait(lambda: LocalizedDemo(self.home, demo, title, english))
                texts = shown_texts(app)
                if demo == "dates":
                    app.press_button("Add Date")
                    wait_for(lambda: len(app.list_rows()) == 1, message="a date in the list")
                    app.press_button("Edit")
                    wait_for(lambda: app.accessibles(name="Done"), message="edit mode")
                    texts |= shown_texts(app)
                self.assertIn(title, texts)
                missing = sorted(text for text in texts
                                 if not GTK_OWN.match(text) and not DATE.match(text) and not any(pattern.match(text) for pattern in patterns))
                self.assertEqual(missing, [], "shown in the window but not in po/pizza-split.pot")
                self.assertEqual(app.quit(), 0)
