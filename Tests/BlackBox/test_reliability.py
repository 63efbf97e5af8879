import json
import os
import random
import subprocess
import time

from harness import AppTestCase, BINARY, wait_for


class CrashSafetyTests(AppTestCase):
    def test_kill_during_rapid_edits_always_leaves_a_whole_menu(self):
        randomness = random.Random(7)
        edits = 0
        rounds = 0
        while edits < 200:
            before = self.read_menu()["pizzas"] if os.path.exists(self.menu_path) else None
            app = self.launch()
            if before is None:
                before = [{"name": n, "pricePerSquareInch": p} for n, p in
                          (("Cheese", 0.03), ("Sausage", 0.06), ("Pepperoni", 0.05), ("Veggie", 0.04))]
            app.key("Home")
            pairs = randomness.randint(5, 15)
            typing = subprocess.Popen(["xdotool", "key", "--delay", "3", *(["Delete", "ctrl+z"] * pairs)])
            time.sleep(randomness.uniform(0.02, 0.4))
            app.process.kill()
            app.process.wait()
            typing.wait()
            edits += 2 * pairs
            rounds += 1
            with open(self.menu_path) as handle:
                after = json.load(handle)["pizzas"]
            self.assertIn(after, (before, before[1:]), f"round {rounds}: the file is neither state")
        self.assertGreaterEqual(rounds, 8)


class BadEnvironmentTests(AppTestCase):
    def test_menu_file_that_is_a_folder_is_reported_in_the_window(self):
        folder = os.path.join(self.home, "menu-folder")
        os.makedirs(folder)
        app = self.launch("--menu", folder)
        app.wait_for_text("this is a folder, not a menu file")
        self.assertIn("Pepperoni", app.screen_text(), "the default menu is shown")
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.isdir(folder))

    def test_symlink_loop_is_reported_in_the_window(self):
        loop = os.path.join(self.home, "loop.json")
        os.symlink(loop, loop)
        app = self.launch("--menu", loop)
        app.wait_for_text("loops through symbolic links")
        app.quit()

    def test_full_disk_says_so_and_keeps_the_edit(self):
        data = os.path.join(self.home, "data")
        os.makedirs(data)
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", data], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, f"this test needs a small tmpfs (run as root): {result.stderr}")
        try:
            app = self.launch()
            app.key("Home", "Delete")
            wait_for(lambda: os.path.exists(self.menu_path), message="the first save")
            filler = os.open(os.path.join(data, "filler"), os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(filler, b"\0" * 4096) > 0:
                    pass
            except OSError:
                pass
            os.close(filler)
            app.key("ctrl+z")
            app.wait_for_text("disk is full")
            self.assertIn("Cheese", app.screen_text(), "the undone delete is kept in the window")
            with open(self.menu_path) as handle:
                self.assertEqual(len(json.load(handle)["pizzas"]), 3, "the file on disk is the last good save")
            app.key("ctrl+q")
            app.dialog("Unsaved Changes")
            app.key("alt+d")
            self.assertEqual(app.wait_exit(), 0)
        finally:
            for app in self.apps:
                app.kill()
            subprocess.run(["umount", data])

    def test_huge_junk_menu_is_refused_with_a_message_in_bounded_memory(self):
        junk = os.path.join(self.home, "junk.json")
        with open(junk, "wb") as handle:
            handle.truncate(100 * 1024 * 1024)
        app = self.launch("--menu", junk)
        app.wait_for_text("Could not open your menu")
        with open(f"/proc/{app.process.pid}/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
        self.assertLess(peak, 300, f"peak memory {peak:.0f} MB")
        app.quit()

    def test_ten_million_row_menu_is_refused_before_reading(self):
        huge = os.path.join(self.home, "huge.json")
        row = b'{"name": "Pizza", "pricePerSquareInch": 0.05},\n'
        with open(huge, "wb") as handle:
            handle.write(b'{"pizzas": [\n')
            handle.write(row * 10_000_000)
            handle.write(b'{"name": "Last", "pricePerSquareInch": 0.05}]}\n')
        app = self.launch("--menu", huge)
        app.wait_for_text("more than a menu can be")
        app.quit()
