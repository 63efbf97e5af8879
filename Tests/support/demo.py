"""make demo: runs Pizza Split under Xvfb and writes wide and narrow screenshots.
Usage: demo.py OUTPUT_FOLDER"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "BlackBox"))
from harness import App, wait_for  # noqa: E402
from test_split_demos import DemoApp  # noqa: E402

output = sys.argv[1] if len(sys.argv) > 1 else "build/screenshots"
os.makedirs(output, exist_ok=True)
home = tempfile.mkdtemp(prefix="pizza-split-demo-")
app = App(home)
try:
    app.wait_for_window()
    app.resize(1000, 640)
    app.click_word("Pepperoni")
    app.wait_for_text("113.10 sq in at $ 0.05 is $ 5.65", squeeze=True)
    app.screenshot(os.path.join(output, "wide.png"))
    app.resize(480, 640)
    wait_for(lambda: "Cheese" not in app.screen_text(), message="the narrow detail")
    app.screenshot(os.path.join(output, "narrow-detail.png"))
    app.key("alt+Left")
    wait_for(lambda: "Cheese" in app.screen_text(), message="the narrow list")
    app.screenshot(os.path.join(output, "narrow-list.png"))
    app.quit()

    colours = DemoApp(home, "colours", "Colours")
    colours.wait_for_window()
    colours.click_word("Blue")
    colours.wait_for_text("Blue")
    colours.screenshot(os.path.join(output, "demo-colours.png"))
    colours.quit()

    dates = DemoApp(home, "dates", "Dates")
    dates.wait_for_window()
    for _ in range(3):
        dates.key("ctrl+n")
        time.sleep(1.05)
    dates.key("Down", "Return")
    time.sleep(0.8)
    dates.screenshot(os.path.join(output, "demo-dates.png"))
    dates.quit()
    print(f"screenshots: {', '.join(sorted(os.listdir(output)))} in {output}")
finally:
    app.kill()
    shutil.rmtree(home, ignore_errors=True)
