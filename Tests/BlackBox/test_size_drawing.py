"""The sizes drawn to scale in the detail: circles in proportion to the diameters (measured in pixels), the chosen
size highlighted, a click on a circle choosing its size, the same in words for a screen reader, at 360 px, in
dark style and in high contrast."""
import json
import os
import subprocess

import pyatspi

from harness import AppTestCase, wait_for

DIAMETERS = [8, 10, 12, 16, 18, 24]
DRAWING = "Sizes to scale"
MARGIN = 12


def drawing_box(app):
    """The drawing's extents in window coordinates, once it has a size."""
    def find():
        nodes = app.accessibles(role="image", name=DRAWING)
        if not nodes:
            return None
        box = nodes[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return (box.x, box.y, box.width, box.height) if box.width > 0 and box.height > 0 else None
    return wait_for(find, 10, interval=0.1, message="the drawing of the sizes")


def description(app):
    return app.accessibles(role="image", name=DRAWING)[0].description


def pixels(app, box):
    """The rows of (r, g, b) pixels of `box` in a screenshot."""
    x, y, width, height = box
    raw = subprocess.run(["convert", app.screenshot(), "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-depth", "8",
                          "rgb:-"], capture_output=True, check=True, timeout=30).stdout
    return [[tuple(raw[(row * width + column) * 3:(row * width + column) * 3 + 3]) for column in range(width)]
            for row in range(height)]


def difference(one, other):
    return max(abs(a - b) for a, b in zip(one, other))


def contrast(one, other):
    """The WCAG contrast ratio of two colours, from 1 to 21."""
    def luminance(colour):
        linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def circles(app):
    """The circles on the drawing's centre line, left to right: (left x, diameter in pixels, highlighted, the
    colour of its outline) in window coordinates, with the background colour and the centre line's y. A circle's
    edge pixels count for the part of them it covers (how far their colour is from the background's, against the
    strongest pixel of its outline), so a diameter is measured to a fraction of a pixel."""
    x, y, width, height = drawing_box(app)
    # A margin round the extents AT-SPI gives, which may be a few pixels off what is painted.
    box = (max(x - MARGIN, 0), max(y - MARGIN, 0), width + 2 * MARGIN, height + 2 * MARGIN)
    rows = pixels(app, box)
    counts = {}
    for row in rows:
        for pixel in row:
            counts[pixel] = counts.get(pixel, 0) + 1
    background = max(counts, key=counts.get)

    def runs(row):
        found, start = [], None
        for index, pixel in enumerate(row + [background]):
            inside = difference(pixel, background) > 6
            if inside and start is None:
                start = index
            elif not inside and start is not None:
                found.append((start, index))
                start = None
        return found

    # The circles' centres share one line: the middle of the rows they cover most of.
    covered = [sum(end - start for start, end in runs(row)) for row in rows]
    widest = [y for y, count in enumerate(covered) if count == max(covered)]
    centre = (widest[0] + widest[-1]) // 2
    row = rows[centre]
    measured = []
    for start, end in runs(row):
        strongest = max(difference(pixel, background) for pixel in row[start:end])
        edges = sum(min(1.0, difference(row[index], background) / strongest) for index in (start, end - 1))
        width = (end - start - 2) + edges
        highlighted = any(max(pixel) - min(pixel) > 80 for pixel in row[start:end])
        outline = max(row[start:end], key=lambda pixel: difference(pixel, background))
        measured.append((box[0] + start, width, highlighted, outline))
    return measured, background, box[1] + centre


class SizeDrawingTests(AppTestCase):
    def assert_to_scale(self, measured, diameters=DIAMETERS):
        """The circles, left to right, are `diameters` across to one scale, each within a pixel."""
        widths = [width for _, width, _, _ in measured]
        self.assertEqual(len(widths), len(diameters), f"one circle per size: {measured}")
        scale = sum(w * d for w, d in zip(widths, diameters)) / sum(d * d for d in diameters)
        for width, diameter in zip(widths, diameters):
            self.assertLessEqual(abs(width - scale * diameter), 1.0,
                                 f"{diameter}\" is {width:.2f} px across, not {scale * diameter:.2f}: {widths}")
        return scale

    def assert_outlined(self, measured, background, lighter):
        """The sizes not chosen are outlined in the theme's text colour: darker than a light background, lighter
        than a dark one."""
        for _, _, highlighted, outline in measured:
            if not highlighted:
                contrast = sum(outline) / 3 - sum(background) / 3
                self.assertGreater(contrast if lighter else -contrast, 60,
                                   f"the outline {outline} on the background {background}")

    def assert_highlighted(self, app, index, diameters=DIAMETERS):
        """Of the circles, left to right, the one at `index` alone is highlighted."""
        def only():
            measured, _, _ = circles(app)
            return [highlighted for _, _, highlighted, _ in measured] == [i == index for i in range(len(diameters))]
        wait_for(only, 10, interval=0.2, message=f"the {diameters[index]}\" circle alone highlighted")

    def test_circles_are_to_scale_the_chosen_one_highlighted_and_a_click_chooses(self):
        app = self.launch()
        app.resize(1000)
        app.click_word("Pepperoni")
        app.wait_for_label("113.10 sq in at $  0.05 is $  5.65")
        app.wait_for_label('12" is 1.44 × 10"')
        self.assertEqual(description(app), "Circles of 8 inches, 10 inches, 12 inches, 16 inches, 18 inches, 24 inches, to scale. "
                                           "Chosen: 12 inches, 1.44 times the area of 10 inches.")
        self.assert_highlighted(app, 2)
        measured, background, centre = circles(app)
        scale = self.assert_to_scale(measured)
        self.assertGreater(scale * 24, 80, "wide, the largest circle is drawn large")
        self.assert_outlined(measured, background, lighter=False)

        left, width, _, _ = measured[3]
        app.click(int(left + width / 2), centre)
        app.wait_for_label("16.0in Pizza")
        app.wait_for_label("201.06 sq in at $  0.05 is $ 10.05")
        app.wait_for_label('16" is 1.78 × 12"')
        wait_for(lambda: description(app).endswith("Chosen: 16 inches, 1.78 times the area of 12 inches."), 10,
                 message="the description to follow the choice")
        self.assert_highlighted(app, 3)
        self.assert_to_scale(circles(app)[0])

        app.click_word("Personal")
        app.wait_for_label('8" is 0.64 × 10"')
        self.assert_highlighted(app, 0)
        self.assertEqual(app.quit(), 0)

    def test_at_360_pixels_the_circles_shrink_to_fit_and_the_price_stays_on_screen(self):
        app = self.launch()
        app.resize(360)
        app.click_word("Veggie")
        app.wait_for_label("113.10 sq in at $  0.04 is $  4.52")
        measured, _, _ = circles(app)
        # Each circle measured whole and in proportion: none is cut at the edge.
        self.assert_to_scale(measured)
        right = measured[-1][0] + measured[-1][1]
        self.assertLess(right, 360 - 1, "the 24\" circle lies inside the window")
        self.assert_highlighted(app, 2)
        price = app.accessibles(role="label", name="113.10 sq in at $  0.04 is $  4.52")[0]
        box = price.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertLessEqual(box.y + box.height, app.geometry()[1], "the price line is on screen")
        self.assertEqual(app.quit(), 0)

    def test_dark_style_draws_on_a_dark_background_in_the_themes_colours(self):
        app = self.launch(env={"GTK_THEME": "Adwaita:dark"})
        app.resize(1000)
        app.click_word("Cheese")
        app.wait_for_label("113.10 sq in at $  0.03 is $  3.39")
        measured, background, _ = circles(app)
        self.assertLess(sum(background) / 3, 80, f"a dark background: {background}")
        self.assert_to_scale(measured)
        self.assert_outlined(measured, background, lighter=True)
        self.assert_highlighted(app, 2)
        self.assertEqual(app.quit(), 0)

    def assert_high_contrast(self, scheme, theme_background, text):
        """Asked for high contrast and `scheme` as GNOME asks (GSettings), the app draws on the theme's background,
        each circle not chosen outlined in its text colour at a contrast of 7:1 at least, the chosen one at 4.5:1."""
        settings = os.path.join(self.home, "config", "glib-2.0", "settings")
        os.makedirs(settings, exist_ok=True)
        with open(os.path.join(settings, "keyfile"), "w") as handle:
            handle.write(f"[org/gnome/desktop/a11y/interface]\nhigh-contrast=true\n\n"
                         f"[org/gnome/desktop/interface]\ncolor-scheme='{scheme}'\n")
        app = self.launch(env={"GSETTINGS_BACKEND": "keyfile"})
        app.resize(1000)
        app.click_word("Cheese")
        app.wait_for_label("113.10 sq in at $  0.03 is $  3.39")
        self.assert_highlighted(app, 2)
        measured, background, _ = circles(app)
        self.assertEqual(background, theme_background, "the high-contrast theme's background")
        self.assert_to_scale(measured)
        for _, _, highlighted, outline in measured:
            if highlighted:
                self.assertGreaterEqual(contrast(outline, background), 4.5, f"the chosen circle {outline}")
            else:
                self.assertLessEqual(difference(outline, text), 8, f"the outline {outline}, not the text colour {text}")
                self.assertGreaterEqual(contrast(outline, background), 7, f"the outline {outline} on {background}")
        self.assertEqual(app.quit(), 0)

    # GTK 4.8's high-contrast Adwaita (Default-hc.css, Default-hc-dark.css): its background and text colours.
    def test_high_contrast_draws_the_circles_in_the_themes_colours_with_strong_contrast(self):
        self.assert_high_contrast("default", (253, 253, 252), (39, 44, 46))

    def test_dark_high_contrast_draws_the_circles_in_the_themes_colours_with_strong_contrast(self):
        self.assert_high_contrast("prefer-dark", (48, 48, 48), (243, 243, 241))

    def test_right_to_left_the_row_is_mirrored_and_a_click_still_chooses_its_size(self):
        app = self.launch(env={"GTK_DEBUG": "invert-text-dir"})
        app.resize(1000)
        app.click_word("Sausage")
        app.wait_for_label("113.10 sq in at $  0.06 is $  6.79")
        mirrored = list(reversed(DIAMETERS))
        measured, _, centre = circles(app)
        self.assert_to_scale(measured, mirrored)
        self.assert_highlighted(app, mirrored.index(12), mirrored)
        left, width, _, _ = measured[mirrored.index(18)]
        app.click(int(left + width / 2), centre)
        app.wait_for_label("18.0in Pizza")
        self.assert_highlighted(app, mirrored.index(18), mirrored)
        self.assertEqual(app.quit(), 0)

    def test_a_menu_of_one_size_draws_no_circles(self):
        path = os.path.join(self.home, "one-size.json")
        with open(path, "w") as handle:
            json.dump({"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03}],
                       "sizes": [{"label": "12\"", "diameter": 12}]}, handle)
        app = self.launch("--menu", path)
        app.click_word("Cheese")
        app.wait_for_label("113.10 sq in at $  0.03 is $  3.39")
        showing = [node for node in app.accessibles(role="image", name=DRAWING)
                   if node.getState().contains(pyatspi.STATE_VISIBLE)]
        self.assertEqual(showing, [], "no drawing for one size")
        self.assertEqual(app.quit(), 0)

    def test_a_menu_in_centimetres_is_drawn_to_scale_and_described_in_centimetres(self):
        path = os.path.join(self.home, "centimetres.json")
        with open(path, "w") as handle:
            json.dump({"unit": "cm", "pizzas": [{"name": "Margherita", "pricePerSquareInch": 0.0075}],
                       "sizes": [{"label": "Small", "diameter": 20}, {"label": "Medium", "diameter": 30},
                                 {"label": "Large", "diameter": 40}]}, handle)
        app = self.launch("--menu", path)
        app.resize(1000)
        app.click_word("Margherita")
        app.wait_for_label('20 cm is 0.44 × 30 cm')
        measured, _, centre = circles(app)
        self.assert_to_scale(measured, [20, 30, 40])
        self.assert_highlighted(app, 0, [20, 30, 40])
        left, width, _, _ = measured[2]
        app.click(int(left + width / 2), centre)
        app.wait_for_label('40 cm is 1.78 × 30 cm')
        self.assert_highlighted(app, 2, [20, 30, 40])
        self.assertEqual(description(app), "Circles of 20 centimetres, 30 centimetres, 40 centimetres, to scale. "
                                           "Chosen: 40 centimetres, 1.78 times the area of 30 centimetres.")
        self.assertEqual(app.quit(), 0)
