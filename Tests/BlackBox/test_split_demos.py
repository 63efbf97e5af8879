import os
import subprocess
import time

from harness import App, AppTestCase, ROOT, wait_for

DEMOS = os.environ.get("SPLIT_DEMOS_BINARY", os.path.join(ROOT, ".build", "debug", "split-demos"))


class DemoApp(App):
    """split-demos under test: the same driving as the pizza app, another binary and title."""

    def __init__(self, home, demo, title):
        environment = dict(os.environ)
        self.home = home
        self.title_text = title
        self.process = subprocess.Popen([DEMOS, demo], env=environment, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.window = None

    def wait_for_window(self, timeout=15.0):
        def find():
            if self.process.poll() is not None:
                raise AssertionError(f"demo exited early: {self.process.stderr.read()}")
            out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.process.pid),
                                  "--name", f"^{self.title_text}$"], capture_output=True, text=True).stdout
            return out.split()[0] if out.split() else None
        self.window = wait_for(find, timeout, message=f"the {self.title_text} window")
        self.focus()
        return self.window


def rgb(pixel_text):
    """'srgb(28,113,216)' -> (28, 113, 216)"""
    inside = pixel_text[pixel_text.index("(") + 1:pixel_text.index(")")]
    return tuple(int(float(part)) for part in inside.split(",")[:3])


class ColoursDemoTests(AppTestCase):
    def launch_demo(self):
        return self.start_and_wait(lambda: DemoApp(self.home, "colours", "Colours"))

    def test_choosing_a_colour_paints_the_detail_and_names_it(self):
        app = self.launch_demo()
        app.click_word("Blue")
        wait_for(lambda: rgb(app.pixel(700, 400)) == (28, 113, 216), message="a blue detail")
        app.wait_for_text("Blue")
        app.click_word("Yellow")
        wait_for(lambda: rgb(app.pixel(700, 400)) == (246, 211, 45), message="a yellow detail")
        app.click_word("Black")
        wait_for(lambda: rgb(app.pixel(700, 400)) == (0, 0, 0), message="a black detail")
        # The heading stays readable: light text on black.
        app.wait_for_text("Black")
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
        app.quit()


class DatesDemoTests(AppTestCase):
    def launch_demo(self):
        return self.start_and_wait(lambda: DemoApp(self.home, "dates", "Dates"))

    def dates_on_screen(self, app):
        return [word for word, _, _ in app.words() if word.count(":") == 2 and len(word) == 8]

    def add_three(self, app):
        for _ in range(3):
            app.key("ctrl+n")
            time.sleep(1.05)
        wait_for(lambda: len(set(self.dates_on_screen(app))) >= 3, message="three dates in the list")

    def test_add_three_dates_and_delete_the_shown_one(self):
        app = self.launch_demo()
        self.add_three(app)
        times = sorted(set(self.dates_on_screen(app)), reverse=True)
        middle = times[1]
        app.click_word(middle)
        wait_for(lambda: self.dates_on_screen(app).count(middle) >= 2, message="the middle date in the detail")
        app.key("Delete")
        wait_for(lambda: middle not in self.dates_on_screen(app) and "No date chosen" in app.screen_text(),
                 message="the row gone and the detail cleared")
        self.assertEqual(sorted(set(self.dates_on_screen(app)), reverse=True), [times[0], times[2]])
        app.quit()

    def test_deleting_the_shown_date_when_narrow_returns_to_the_list(self):
        app = self.launch_demo()
        self.add_three(app)
        app.resize(480)
        newest = sorted(set(self.dates_on_screen(app)), reverse=True)[0]
        app.click_word(newest)
        wait_for(lambda: "No date chosen" not in app.screen_text() and len(set(self.dates_on_screen(app))) == 1,
                 message="the detail pushed")
        app.key("Delete")
        wait_for(lambda: len(set(self.dates_on_screen(app))) == 2 and newest not in self.dates_on_screen(app),
                 message="back on the list without the deleted date")
        app.quit()

    def test_edit_mode_deletes_with_the_row_buttons(self):
        app = self.launch_demo()
        self.add_three(app)
        before = sorted(set(self.dates_on_screen(app)), reverse=True)
        app.click_word("Edit")
        app.wait_for_text("Done")
        _, _, y = next(w for w in app.words() if w[0] == before[0])
        # The delete button sits at the end of the row, just inside the list's right edge.
        list_edge = int(0.35 * 900)
        app.click(list_edge - 22, int(y))
        wait_for(lambda: set(self.dates_on_screen(app)) == set(before[1:]), message="the first row deleted")
        app.click_word("Done")
        app.wait_for_text("Edit")
        app.quit()
