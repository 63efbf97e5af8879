import os
import subprocess
import time

from harness import App, AppTestCase, ROOT, wait_for

DEMOS = os.environ.get("SPLIT_DEMOS_BINARY", os.path.join(ROOT, ".build", "debug", "split-demos"))


class DemoApp(App):
    """split-demos under test: the same driving as the pizza app, another binary and title."""

    def __init__(self, home, demo, title):
        self.home = home
        self.title_text = title
        self.start([DEMOS, demo], os.environ)


def rgb(pixel_text):
    """'srgb(28,113,216)' -> (28, 113, 216)"""
    inside = pixel_text[pixel_text.index("(") + 1:pixel_text.index(")")]
    return tuple(int(float(part)) for part in inside.split(",")[:3])


def luminance(colour):
    """WCAG relative luminance of an (r, g, b) colour."""
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other):
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class ColoursDemoTests(AppTestCase):
    def launch_demo(self):
        return self.start_and_wait(lambda: DemoApp(self.home, "colours", "Colours"))

    # Where the detail's heading is painted in the 900x600 window: the top of the detail pane.
    HEADING_BAND = (330, 60, 550, 66)

    def painted_heading(self, app, background):
        """What OCR reads in the heading band (as dark text on light), and the highest contrast between a pixel
        there and the swatch: the text's colour against the swatch."""
        x, y, width, height = self.HEADING_BAND
        shot = app.screenshot()
        band = shot.replace(".png", "-heading.png")
        dark = luminance(background) < 0.5
        subprocess.run(["convert", shot, "-crop", f"{width}x{height}+{x}+{y}", "+repage",
                        *(["-negate"] if dark else []), "-colorspace", "Gray", "-resize", "200%", band],
                       check=True, timeout=30)
        text = subprocess.run(["tesseract", band, "-", "--psm", "7"], capture_output=True, text=True,
                              timeout=60).stdout.strip()
        pixels = subprocess.run(["convert", shot, "-crop", f"{width}x{height}+{x}+{y}", "txt:-"],
                                capture_output=True, text=True, check=True, timeout=30).stdout.splitlines()[1:]
        colours = [rgb("(" + line.split("(", 1)[1]) for line in pixels if "(" in line]
        return text, max(contrast(colour, background) for colour in colours)

    def test_choosing_a_colour_paints_the_detail_and_names_it_readably(self):
        app = self.launch_demo()
        app.wait_for_label("Choose a colour")
        for name, swatch in (("Blue", (28, 113, 216)), ("Yellow", (246, 211, 45)), ("Black", (0, 0, 0)),
                             ("White", (255, 255, 255))):
            app.click_word(name)
            wait_for(lambda: rgb(app.pixel(700, 400)) == swatch, message=f"a {name.lower()} detail")
            # The detail's heading names it, and so does the detail's header bar (the list row is the third label).
            app.wait_for_labels(lambda labels: labels.count(name) == 3 and "Choose a colour" not in labels,
                                message=f"the heading {name!r}")
            # Painted in the detail, and readable on the swatch (WCAG AA asks 3:1 for large text).
            text, ratio = self.painted_heading(app, swatch)
            self.assertEqual(text, name, "the heading painted on the swatch")
            self.assertGreaterEqual(ratio, 3.0, f"the {name} heading's contrast")
        self.assertEqual(app.quit(), 0)

    def test_collapses_and_goes_back_like_the_pizza_app(self):
        app = self.launch_demo()
        app.click_word("Green")
        app.resize(480)
        wait_for(lambda: rgb(app.pixel(240, 400)) == (38, 162, 105) and "Red" not in app.screen_text(),
                 message="the green detail alone")
        app.key("alt+Left")
        wait_for(lambda: "Red" in app.screen_text(), message="the list back")
        app.resize(1000)
        wait_for(lambda: rgb(app.pixel(700, 400)) == (38, 162, 105), message="side by side again, still green")
        self.assertEqual(app.quit(), 0)


class DatesDemoTests(AppTestCase):
    def launch_demo(self):
        return self.start_and_wait(lambda: DemoApp(self.home, "dates", "Dates"))

    def add_three(self, app):
        """Adds three dates, each in a later second than the one before (the rows show seconds)."""
        shown = 0
        for _ in range(3):
            started = int(time.time())
            wait_for(lambda: int(time.time()) > started, timeout=5, message="the next second")
            app.key("ctrl+n")
            shown += 1
            wait_for(lambda: len(app.list_rows()) == shown, message=f"{shown} dates in the list")
        rows = app.list_rows()
        self.assertEqual(len(set(rows)), 3, rows)
        self.assertEqual(rows, sorted(rows, reverse=True), "the newest date is at the top")
        return rows

    def detail(self, app):
        """The detail's heading: the last label (after the list's, and the detail's header bar's title)."""
        return app.labels()[-1]

    def test_add_three_dates_and_delete_the_shown_one(self):
        app = self.launch_demo()
        rows = self.add_three(app)
        app.click_word(rows[1].split()[1])
        wait_for(lambda: self.detail(app) == rows[1], message="the middle date in the detail")
        app.key("Delete")
        wait_for(lambda: app.list_rows() == [rows[0], rows[2]], message="the middle row gone")
        wait_for(lambda: self.detail(app) == "No date chosen", message="the detail cleared")
        self.assertEqual(app.quit(), 0)

    def test_deleting_the_shown_date_when_narrow_returns_to_the_list(self):
        app = self.launch_demo()
        rows = self.add_three(app)
        app.resize(480)
        app.click_word(rows[0].split()[1])
        wait_for(lambda: self.detail(app) == rows[0], message="the newest date in the detail")
        wait_for(lambda: rows[2].split()[1] not in app.screen_text(), message="the detail pushed over the list")
        app.key("Delete")
        wait_for(lambda: app.list_rows() == rows[1:], message="the newest row gone")
        wait_for(lambda: rows[2].split()[1] in app.screen_text(), message="back on the list")
        self.assertEqual(app.quit(), 0)

    def test_edit_mode_deletes_with_the_row_buttons(self):
        app = self.launch_demo()
        rows = self.add_three(app)
        app.click_word("Edit")
        wait_for(lambda: "Done" in app.labels(), message="the Done button")
        _, _, y = next(w for w in app.words() if w[0] == rows[0].split()[1])
        # The delete button sits at the end of the row, just inside the list's right edge.
        list_edge = int(0.35 * 900)
        app.click(list_edge - 22, int(y))
        wait_for(lambda: app.list_rows() == rows[1:], message="the first row deleted")
        app.click_word("Done")
        wait_for(lambda: "Edit" in app.labels() and "Done" not in app.labels(), message="the Edit button back")
        self.assertEqual(app.quit(), 0)
