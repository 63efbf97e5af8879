"""make demo: runs Pizza Split and the split-view demos under Xvfb and writes screenshots: wide, at middle width
(the detail alone, and the list over it), narrow and at phone width (360 px), the sizes drawn to scale, in dark
style and right to left, the empty states, a toast, and a menu in euros and centimetres in German.
Usage: demo.py OUTPUT_FOLDER"""
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "BlackBox"))
from harness import App, wait_for  # noqa: E402
from test_pizza_app import list_on_screen  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Metadata"))
from catalogues import compile_catalogues, environment  # noqa: E402
from test_split_demos import DEMOS, DemoApp  # noqa: E402

output = sys.argv[1] if len(sys.argv) > 1 else "build/screenshots"
os.makedirs(output, exist_ok=True)
# GTK draws its own dark Adwaita for GTK_THEME=Adwaita:dark, and mirrors every layout with
# GTK_DEBUG=invert-text-dir, as it does for a right-to-left language.
DARK = {"GTK_THEME": "Adwaita:dark"}
RTL = {"GTK_DEBUG": "invert-text-dir"}
PHONE = 360
# A pizzeria in Germany: euros and centimetres, as a menu may say.
EURO_MENU = {"currency": "EUR", "unit": "cm",
             "pizzas": [{"name": "Margherita", "pricePerSquareInch": 0.0075, "description": "Tomaten, Mozzarella, Basilikum"},
                        {"name": "Diavola", "pricePerSquareInch": 0.009}, {"name": "Funghi", "pricePerSquareInch": 0.0085}],
             "sizes": [{"label": "26 cm", "diameter": 26}, {"label": "32 cm", "diameter": 32}, {"label": "40 cm", "diameter": 40}]}


def start(make):
    app = make()
    app.wait_for_window()
    return app


def shot(app, name):
    app.screenshot(os.path.join(output, name))


def pizza_app(env=None, menu=None):
    home = tempfile.mkdtemp(prefix="pizza-split-demo-")
    homes.append(home)
    if menu is not None:
        os.makedirs(os.path.join(home, "data", "pizza-split"))
        with open(os.path.join(home, "data", "pizza-split", "menu.json"), "w") as handle:
            json.dump(menu, handle)
    return start(lambda: App(home, env=env))


def demo_app(demo, title, env=None):
    home = tempfile.mkdtemp(prefix="pizza-split-demo-")
    homes.append(home)

    class Demo(DemoApp):
        def __init__(self):
            self.home = home
            self.title_text = title
            self.start([DEMOS, demo], {**os.environ, **(env or {})})
    return start(Demo)


def wide_and_narrow(app, prefix, narrow=480):
    """The wide window with Pepperoni chosen, then its narrow detail and the narrow list."""
    app.resize(1000, 640)
    app.click_word("Pepperoni")
    app.wait_for_label("113.10 sq in at $  0.05 is $  5.65")
    time.sleep(0.3)
    shot(app, f"{prefix}wide.png")
    app.resize(narrow, 640)
    wait_for(lambda: "Cheese" not in app.screen_text(), message="the narrow detail")
    shot(app, f"{prefix}narrow-detail.png")
    app.key("alt+Left")
    wait_for(lambda: list_on_screen(app), message="the narrow list")
    time.sleep(0.3)
    shot(app, f"{prefix}narrow-list.png")


homes = []
apps = []
try:
    app = pizza_app()
    apps.append(app)
    wide_and_narrow(app, "")
    # Phone width: every size and the whole price line fit; then the list.
    app.key("Return")
    app.resize(PHONE, 640)
    wait_for(lambda: "Cheese" not in app.screen_text(), message="the phone-width detail")
    time.sleep(0.3)
    shot(app, "phone-detail.png")
    app.key("alt+Left")
    wait_for(lambda: list_on_screen(app), message="the phone-width list")
    shot(app, "phone-list.png")
    # The sizes drawn to scale, 16" chosen: how much more pizza it is than a 12".
    app.resize(1000, 640)
    app.press_button("16 inches")
    app.wait_for_label('16" is 1.78 × 12"')
    time.sleep(0.3)
    shot(app, "sizes-to-scale.png")
    # The price list: every pizza in every size, in a window of its own (Ctrl+L).
    app.key("ctrl+l")
    price_list = app.dialog("Price List")
    wait_for(lambda: len(app.accessibles(role="table row", window="Price List")) >= 4, message="the price list's rows")
    time.sleep(0.5)
    app.screenshot(os.path.join(output, "price-list.png"), window=price_list)
    app.key("Escape")
    app.wait_for_no_window("Price List")
    app.focus()
    # A toast over the list, at phone width and wide.
    app.resize(1000, 640)
    app.click_word("Veggie")
    app.key("Delete")
    app.wait_for_label("Deleted “Veggie”")
    time.sleep(0.5)
    shot(app, "toast.png")
    # The middle layout: the detail alone, then the list slid over it with F9.
    app.resize(800, 640)
    wait_for(lambda: "Cheese" not in app.screen_text(), message="the detail alone at 800 px")
    time.sleep(0.3)
    shot(app, "middle-detail.png")
    app.key("F9")
    wait_for(lambda: list_on_screen(app), message="the list over the detail")
    time.sleep(0.5)
    shot(app, "middle-overlay.png")
    app.key("Escape")
    app.quit()

    for prefix, env in (("dark-", DARK), ("rtl-", RTL)):
        app = pizza_app(env)
        apps.append(app)
        wide_and_narrow(app, prefix, narrow=PHONE)
        if env is DARK:
            app.resize(1000, 640)
            app.click_word("Veggie")
            app.key("Delete")
            app.wait_for_label("Deleted “Veggie”")
            time.sleep(0.5)
            shot(app, "dark-toast.png")
        app.quit()

    app = pizza_app(menu={"pizzas": [], "sizes": [{"label": "12\"", "diameter": 12}]})
    apps.append(app)
    app.resize(1000, 640)
    app.wait_for_label("No Pizzas")
    time.sleep(0.3)
    shot(app, "empty.png")
    app.resize(PHONE, 640)
    time.sleep(0.5)
    shot(app, "phone-empty.png")
    app.quit()

    locale = compile_catalogues(os.path.join(tempfile.mkdtemp(prefix="pizza-split-demo-"), "locale"))
    homes.append(os.path.dirname(locale))
    app = pizza_app(environment("de", locale), menu=EURO_MENU)
    apps.append(app)
    app.resize(1000, 640)
    app.click_word("Margherita")
    # By its name: "32" is on screen more than once (the size drawn to scale, the comparison under it).
    app.press_button("32 Zentimeter")
    app.wait_for_label("804,25 cm² zu 0,0075 € macht 6,03 €")
    time.sleep(0.3)
    shot(app, "german-euro.png")
    app.quit()

    colours = demo_app("colours", "Colours")
    apps.append(colours)
    colours.click_word("Blue")
    colours.wait_for_text("Blue")
    shot(colours, "demo-colours.png")
    colours.quit()

    dates = demo_app("dates", "Dates")
    apps.append(dates)
    dates.wait_for_label("No Dates")
    time.sleep(0.3)
    shot(dates, "demo-dates-empty.png")
    for _ in range(3):
        dates.key("ctrl+n")
        time.sleep(1.05)
    dates.key("Down", "Return")
    time.sleep(0.8)
    shot(dates, "demo-dates.png")
    dates.quit()
    print(f"screenshots: {', '.join(sorted(os.listdir(output)))} in {output}")
finally:
    for app in apps:
        if app.process.poll() is None:
            app.kill()
    for home in homes:
        shutil.rmtree(home, ignore_errors=True)
