import os
import re
import subprocess
import sys

from harness import App, AppTestCase, BINARY, ROOT, wait_for
from test_session import click_lowest
from test_split_demos import DEMOS

sys.path.append(os.path.join(ROOT, "Tests", "Metadata"))  # after this folder: both have a test_translations
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


def patterns_of_the_template():
    """What each message of the template looks like once shown: filled in, and for a label with a mnemonic
    (`_Add`) also as GTK 4.8 shows it (`Add`) and names it to assistive technologies: its label and the text
    shown, `_Add Add`, or `Add Add` once the app names it without the underscore."""
    patterns = []
    for entry in template():
        patterns.append(message_pattern(entry.msgid))
        if "_" in entry.msgid:
            plain = entry.msgid.replace("_", "")
            patterns += [message_pattern(text) for text in (plain, f"{entry.msgid} {plain}", f"{plain} {plain}")]
    return patterns


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
        patterns = patterns_of_the_template()
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


# The default menu's data: names and size labels are the menu's, not messages.
MENU_DATA = {"Cheese", "Sausage", "Pepperoni", "Veggie", "Personal", '10"', '12"', '16"', '18"', '24"'}
# What the app shows in each language, its numbers written the language's way: a list row, the detail before and after choosing Pepperoni at 12", the
# toast after deleting it, and the Add dialog's title.
SPOKEN = {
    "de": ("Cheese, 0,030 Dollar pro Quadratzoll", "Wählen Sie eine Pizza", "12,0-Zoll-Pizza",
           "113,10 Quadratzoll zu 0,05 $ macht 5,65 $", "„Pepperoni“ gelöscht", "Neue Pizza"),
    "fr": ("Cheese, 0,030 dollars le pouce carré", "Choisissez une pizza", "Pizza de 12,0 pouces",
           "113,10 po² à 0,05 $ font 5,65 $", "«\u00a0Pepperoni\u00a0» supprimée", "Nouvelle pizza"),
    "it": ("Cheese, 0,030 dollari al pollice quadrato", "Scegli una pizza", "Pizza da 12,0 pollici",
           "113,10 poll² a $ 0,05 fanno $ 5,65", "«Pepperoni» eliminata", "Nuova pizza"),
}


# The row's context menu's one item, in each language.
CONTEXT_DELETE = {"de": "Löschen", "fr": "Supprimer", "it": "Elimina"}

# The title of the window that asks before anything typed or changed is lost, in German.
UNSAVED = "Ungespeicherte Änderungen"


class TranslatedAppTests(AppTestCase):
    def setUp(self):
        super().setUp()
        self.locale = compile_catalogues(os.path.join(self.home, "locale"))

    def test_the_window_the_detail_a_toast_and_a_dialog_read_in_each_language(self):
        for language, (row, placeholder, size, price, toast, dialog) in SPOKEN.items():
            with self.subTest(language=language):
                # A home of its own for each language: the first one's delete is saved, and so is its window.
                home = os.path.join(self.home, language)
                os.makedirs(home)
                app = self.start_and_wait(lambda: App(home, (), environment(language, self.locale)))
                try:
                    self.assertEqual(app.title(), "Pizza Split")
                    self.assertEqual(app.list_rows()[0], row)
                    app.wait_for_label(placeholder)
                    app.click_word("Pepperoni")
                    app.wait_for_label(size)
                    app.wait_for_label(price)
                    app.key("shift+F10")
                    app.popup()
                    wait_for(lambda: [node.name for node in app.accessibles(role="menu item")] == [CONTEXT_DELETE[language]],
                             message="the row's menu in the language")
                    app.key("Escape")
                    app.key("Delete")
                    app.wait_for_label(toast)
                    app.key("ctrl+n")
                    app.dialog(dialog)
                    app.key("Escape")
                    app.wait_for_no_window(dialog)
                finally:
                    # Still running, it would take the next language's launch as a second instance of itself.
                    self.assertEqual(app.quit(), 0)

    def test_a_price_is_typed_and_shown_the_german_way_its_form_told_and_saved_with_a_point(self):
        app = self.start_and_wait(lambda: App(self.home, (), environment("de", self.locale)))
        app.click_word("Cheese")
        app.wait_for_label("113,10 Quadratzoll zu 0,03 $ macht 3,39 $")
        field = wait_for(lambda: (app.accessibles(role="text", name="Preis pro Quadratzoll") or [None])[0],
                         message="the price field")
        text = field.queryText()
        self.assertEqual(text.getText(0, text.characterCount), "0,03")
        click_lowest(app, "0,03")
        app.key("ctrl+a")
        app.type_text("abc")
        app.key("Return")
        app.wait_for_label("Geben Sie den Preis pro Quadratzoll als Zahl ein, etwa 0,05.")
        # A point groups thousands in German: 1.005 is a thousand and five, and the message says so and which form is meant.
        app.key("ctrl+a")
        app.type_text("1.005")
        app.key("Return")
        app.wait_for_label("„1.005“ wird als 1005 gelesen, denn ein Punkt trennt hier die Tausender. "
                           "Schreiben Sie Dezimalstellen mit einem Komma, etwa 1,005.")
        app.key("ctrl+a")
        app.type_text("0,05")
        app.key("Return")
        app.wait_for_label("113,10 Quadratzoll zu 0,05 $ macht 5,65 $")
        text = field.queryText()
        self.assertEqual(text.getText(0, text.characterCount), "0,05")
        self.assertEqual(app.list_rows()[0], "Cheese, 0,050 Dollar pro Quadratzoll")
        wait_for(lambda: os.path.exists(self.menu_path) and '"pricePerSquareInch": 0.05' in open(self.menu_path).read(),
                 message="the price saved with a point")
        app.key("ctrl+z")
        app.wait_for_label("Rückgängig gemacht: den Preis von „Cheese“ von 0,03 auf 0,05 ändern")
        self.assertEqual(app.quit(), 0)

    def test_a_broken_menu_is_told_in_german_with_its_line_and_column_its_size_or_what_it_is(self):
        """Why the menu cannot be opened comes from the model as values and is worded in the user's language, the
        file's place and sizes included: bad JSON at a line and column, a file too large, a folder where the file should be."""
        start = "Ihre Speisekarte konnte nicht geöffnet werden. " + self.menu_path + ": "
        kept = (" Die Standard-Speisekarte wird angezeigt. Ihre Datei bleibt unverändert; bei Ihrer ersten Änderung wird "
                "sie neben der neuen als menu.json.broken aufbewahrt.")
        os.makedirs(os.path.dirname(self.menu_path))

        def bad_json():
            with open(self.menu_path, "w") as handle:
                handle.write('{"pizzas": [\n  {"name": "A" "pricePerSquareInch": 1}\n]}\n')

        def too_large():
            os.remove(self.menu_path)
            with open(self.menu_path, "w") as handle:
                handle.truncate(300 * 1048576 + 1)

        def folder():
            os.remove(self.menu_path)
            os.mkdir(self.menu_path)

        for make, message in (
                (bad_json, start + "Zeile 2, Spalte 16: „,“ oder „}“ nach dem Wert von „name“ erwartet, gefunden: eine "
                           "Zeichenkette." + kept),
                (too_large, start + "die Datei hat 301 MB, mehr als eine Speisekarte haben darf (höchstens 256 MB)." + kept),
                (folder, start + "dies ist ein Ordner, keine Speisekartendatei. Die Standard-Speisekarte wird angezeigt.")):
            with self.subTest(problem=make.__name__):
                make()
                app = self.start_and_wait(lambda: App(self.home, (), environment("de", self.locale)))
                try:
                    app.wait_for_label(message, timeout=20.0)
                finally:
                    self.assertEqual(app.quit(), 0)

    def test_a_menu_in_euros_and_centimetres_reads_in_its_units_the_german_and_the_c_way(self):
        menu = ('{"currency": "EUR", "unit": "cm",\n "pizzas": [{"name": "Margherita", "pricePerSquareInch": 0.0075}],\n'
                ' "sizes": [{"label": "26 cm", "diameter": 26}, {"label": "32 cm", "diameter": 32}]}\n')
        os.makedirs(os.path.dirname(self.menu_path))
        with open(self.menu_path, "w") as handle:
            handle.write(menu)
        english = {"LANGUAGE": "", "LANG": "C.UTF-8", "LC_ALL": ""}
        for variables, row, listed, button, size, price, caption, typed, refusal in (
                (environment("de", self.locale), "Margherita, 0,0075 € pro Quadratzentimeter", "0,0075 € / cm²",
                 "32 Zentimeter", "32,0-cm-Pizza",
                 "804,25 cm² zu 0,0075 € macht 6,03 €", "Preis pro Quadratzentimeter", "0,0075",
                 "Geben Sie den Preis pro Quadratzentimeter als Zahl ein, etwa 0,05."),
                (english, "Margherita, €0.0075 per square centimetre", "€0.0075 / cm²", "32 centimetres", "32.0cm Pizza",
                 "804.25 cm² at €0.0075 is €  6.03", "Price per square centimetre", "0.0075",
                 "Enter the price per square centimetre as a number, like 0.05.")):
            with self.subTest(language=variables["LANGUAGE"] or "C"):
                app = self.start_and_wait(lambda: App(self.home, (), variables))
                try:
                    self.assertEqual(app.list_rows(), [row])
                    self.assertIn(listed, app.labels())
                    app.click_word("Margherita")
                    # By its name: "32" is on screen more than once (the size drawn to scale, the comparison under it).
                    app.press_button(button)
                    app.wait_for_label(size)
                    app.wait_for_label(price)
                    wait_for(lambda: app.accessibles(role="text", name=caption), message="the price field named in the menu's unit")
                    click_lowest(app, typed)
                    app.key("ctrl+a")
                    app.type_text("abc")
                    app.key("Return")
                    app.wait_for_label(refusal)
                    app.key("Escape")
                    app.wait_for_no_label(refusal)
                finally:
                    self.assertEqual(app.quit(), 0)
        with open(self.menu_path) as handle:
            self.assertEqual(handle.read(), menu, "nothing was changed, so nothing was written")

    def test_a_refused_name_is_told_in_german_under_the_field_and_in_the_question(self):
        app = self.start_and_wait(lambda: App(self.home, (), environment("de", self.locale)))
        app.click_word("Cheese")
        app.wait_for_label("113,10 Quadratzoll zu 0,03 $ macht 3,39 $")
        click_lowest(app, "Cheese")
        app.key("ctrl+a")
        app.type_text("Veggie")
        app.key("Return")
        app.wait_for_label("Es gibt bereits eine Pizza namens „Veggie“.")
        app.key("ctrl+q")
        app.dialog(UNSAVED)
        app.wait_for_label("Den eingegebenen Namen verwerfen?", window=UNSAVED)
        app.wait_for_label("„Veggie“ ist kein Name, den diese Speisekarte aufnehmen kann. Es gibt bereits eine Pizza namens „Veggie“.",
                           window=UNSAVED)
        app.key("Escape")
        app.wait_for_no_window(UNSAVED)
        app.key("Escape")
        self.assertEqual(app.quit(), 0)

    def test_the_open_dialogs_buttons_are_both_in_german(self):
        app = self.start_and_wait(lambda: App(self.home, (), environment("de", self.locale)))
        app.key("ctrl+o")
        chooser = app.dialog("Speisekarten-Datei öffnen")
        # GTK 4.8 names its dialog buttons twice, the mnemonic first: "_Abbrechen Abbrechen".
        shown = lambda: [node.name.split()[-1] for node in app.accessibles(role="push button", window="Speisekarten-Datei öffnen")
                         if node.name and node.name.split()[-1] in ("Öffnen", "Abbrechen", "Open", "Cancel")]
        names = wait_for(lambda: shown() or None, message="the dialog's buttons")
        self.assertEqual(sorted(names), ["Abbrechen", "Öffnen"], "GTK's own Cancel, in GTK's German")
        app.key("Escape")
        app.wait_for_no_window("Speisekarten-Datei öffnen")
        self.assertIsNotNone(chooser)
        app.focus()
        self.assertEqual(app.quit(), 0)

    def test_help_and_a_bad_option_are_in_german(self):
        variables = dict(os.environ, **environment("de", self.locale))
        shown = subprocess.run([BINARY, "--help"], env=variables, capture_output=True, text=True, timeout=30)
        self.assertTrue(shown.stdout.startswith("Aufruf: pizza-split [--menu DATEI] [--export-csv CSV] [--export-pdf PDF] [--help] [--version] [--] [DATEI]\n"), shown.stdout)
        wrong = subprocess.run([BINARY, "--sideways"], env=variables, capture_output=True, text=True, timeout=30)
        self.assertEqual(wrong.returncode, 2)
        self.assertTrue(wrong.stderr.startswith("pizza-split: unbekannte Option --sideways\n\nAufruf:"), wrong.stderr)

    def test_every_text_the_window_shows_is_in_the_template(self):
        patterns = patterns_of_the_template()
        app = self.launch(env={"LANGUAGE": "", "LANG": "C.UTF-8", "LC_ALL": ""})
        texts = shown_texts(app)
        app.click_word("Pepperoni")
        app.wait_for_label("113.10 sq in at $  0.05 is $  5.65")
        texts |= shown_texts(app)
        app.key("Delete")
        app.wait_for_label("Deleted “Pepperoni”")
        texts |= shown_texts(app)
        app.key("ctrl+n")
        app.dialog("New Pizza")
        texts |= shown_texts(app)
        app.key("Escape")
        self.assertIn("Pizza Split", texts)
        missing = sorted(text for text in texts if text not in MENU_DATA and not GTK_OWN.match(text)
                         and not any(pattern.match(text) for pattern in patterns))
        self.assertEqual(missing, [], "shown in the window but not in po/pizza-split.pot")
        self.assertEqual(app.quit(), 0)
