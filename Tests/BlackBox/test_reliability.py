import json
import os
import random
import subprocess

from harness import AppTestCase, BINARY, wait_for


DEFAULT_PIZZAS = [{"name": n, "pricePerSquareInch": p} for n, p in
                  (("Cheese", 0.03), ("Sausage", 0.06), ("Pepperoni", 0.05), ("Veggie", 0.04))]


def file_identity(path):
    """The inode and change time of `path` (each atomic save puts a new file there), or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return (info.st_ino, info.st_ctime_ns)


class CrashSafetyTests(AppTestCase):
    def temporaries(self):
        folder = os.path.dirname(self.menu_path)
        return sorted(name for name in os.listdir(folder) if name.startswith(".menu.json.") and name.endswith(".tmp"))

    def test_kill_during_rapid_edits_always_leaves_a_whole_menu(self):
        randomness = random.Random(7)
        rounds = 0
        saves = 0
        while rounds < 10:
            before = self.read_menu()["pizzas"] if os.path.exists(self.menu_path) else DEFAULT_PIZZAS
            if len(before) < 2:
                # Kills between a Delete and its Undo shorten the menu; give the next rounds pizzas to delete.
                with open(self.menu_path, "w") as handle:
                    json.dump({"pizzas": DEFAULT_PIZZAS}, handle)
                before = DEFAULT_PIZZAS
            app = self.launch()
            app.key("Home")
            pairs = randomness.randint(20, 60)
            typing = subprocess.Popen(["xdotool", "key", "--delay", "3", *(["Delete", "ctrl+z"] * pairs)])
            # Kill only after this round's app has saved a random number of times (1 to 4): each save is a new
            # file at the menu's path. Edits surely happened, and the kill lands among further saves.
            wanted = randomness.randint(1, 4)
            seen = [file_identity(self.menu_path)]

            def saved_enough():
                now = file_identity(self.menu_path)
                if now != seen[-1]:
                    seen.append(now)
                # Keys still queued in the app after xdotool is done are saved too: at least one save is awaited.
                return len(seen) - 1 >= (wanted if typing.poll() is None else 1)
            wait_for(saved_enough, timeout=30, interval=0.002, message=f"{wanted} saves in round {rounds + 1}")
            self.assertGreaterEqual(len(seen) - 1, 1, f"round {rounds + 1}: the app saved nothing")
            saves += len(seen) - 1
            app.kill()
            # xdotool goes on to its last key: killed between a press and its release, it left that key held. A
            # held Z made the next round's first Ctrl+Z undo nothing (two pizzas went), and later tests typed with it.
            typing.wait()
            rounds += 1
            after = self.read_menu()["pizzas"]
            self.assertIn(after, (before, before[1:]), f"round {rounds}: the file is neither state")
        # The temporary of a save cut short by a kill is removed by the next save. If the last kill did not land
        # inside a save, leave one as such a kill does: named after the dead process.
        left_behind = self.temporaries()
        if not left_behind:
            name = f".menu.json.{app.process.pid}.tmp"
            with open(os.path.join(os.path.dirname(self.menu_path), name), "w") as handle:
                handle.write('{"pizzas": [{"na')
            left_behind = [name]
        last = self.launch()
        before = file_identity(self.menu_path)
        last.key("Home", "Delete")
        wait_for(lambda: file_identity(self.menu_path) != before, message="a save after the kills")
        wait_for(lambda: self.temporaries() == [], message=f"the temporaries of killed saves {left_behind} removed")
        self.assertEqual(last.quit(), 0)
        print(f"\n  {rounds} rounds, {saves} saves seen before the kills, temporaries at the end: {left_behind}",
              end=" ")


def kept_aside(path):
    """The end of every load message for a file named on the command line: what happens to the unreadable file."""
    return (" Showing the default menu. The file is left as it is; at your first change it is kept beside the new "
            f"one as {os.path.basename(path)}.broken.")


def could_not_open(path, reason):
    """The start of the load message for a file named on the command line (not the user's own menu): named once,
    then why, as a sentence."""
    return f"Could not open {os.path.basename(path)}. {reason}"


class BadEnvironmentTests(AppTestCase):
    def test_menu_file_that_is_a_folder_is_reported_in_the_window(self):
        folder = os.path.join(self.home, "menu-folder")
        os.makedirs(folder)
        app = self.launch("--menu", folder)
        # A folder is never moved aside, so no copy is promised.
        app.wait_for_label(could_not_open(folder, "This is a folder, not a menu file.") + " Showing the default menu.")
        self.assertEqual(len(app.list_rows()), 4, "the default menu is shown")
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.isdir(folder))

    def test_symlink_loop_is_reported_in_the_window(self):
        loop = os.path.join(self.home, "loop.json")
        os.symlink(loop, loop)
        app = self.launch("--menu", loop)
        # A loop leads to no file that a save could set aside, so no copy is promised.
        app.wait_for_label(could_not_open(loop, "The path loops through symbolic links.") + " Showing the default menu.")
        self.assertEqual(app.quit(), 0)

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
            app.wait_for_label("Could not save your menu: the disk is full. Your changes are kept in this window.")
            self.assertEqual(app.list_rows()[0], "Cheese, 0.030 dollars per square inch",
                             "the undone delete is kept in the window")
            with open(self.menu_path) as handle:
                self.assertEqual(len(json.load(handle)["pizzas"]), 3, "the file on disk is the last good save")
            app.key("ctrl+q")
            app.dialog("Unsaved Changes")
            app.key("alt+d")
            self.assertEqual(app.wait_exit(), 0)
        finally:
            for app in self.apps:
                if app.process.poll() is None:
                    app.kill()
            subprocess.run(["umount", data])

    def peak_megabytes(self, app):
        with open(f"/proc/{app.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024

    def load_message(self, app, timeout=60):
        return wait_for(lambda: next((label for label in app.labels() if label.startswith("Could not open")), None),
                        timeout=timeout, message="the load message")

    def test_100_mb_menu_broken_at_its_end_is_streamed_and_reported_in_bounded_memory(self):
        # Valid rows padded with spaces for 100 MB, then a stray byte: the reader must read all of it, a piece
        # at a time, and name the last line.
        junk = os.path.join(self.home, "junk.json")
        row = b'{"name": "Pizza %d", "pricePerSquareInch": 0.05},' + b" " * 1000 + b"\n"
        rows = 100 * 1024 * 1024 // (len(row) + 8)
        with open(junk, "wb") as handle:
            handle.write(b'{"pizzas": [\n')
            for index in range(rows):
                handle.write(row.replace(b"%d", str(index).encode()))
            handle.write(b'{"name": "Last", "pricePerSquareInch": 0.05} @]}\n')
        self.assertGreater(os.path.getsize(junk), 99 * 1024 * 1024)
        # The window maps at once; a debug build reads the file behind it for half a minute on a busy machine.
        app = self.launch("--menu", junk)
        self.assertEqual(self.load_message(app, timeout=300), could_not_open(junk, f"Line {rows + 2}, column 46: "
                         f"expected ',' or ']' after item {rows + 1} of \"pizzas\", found '@'.")
                         + kept_aside(junk))
        # The app alone peaks near 45 MB; holding the file would add 100 MB.
        self.assertLess(self.peak_megabytes(app), 100, "the 100 MB file was held in memory")
        self.assertEqual(app.quit(), 0)

    def test_the_size_limit_is_256_mb(self):
        limit = 256 * 1024 * 1024
        at_limit = os.path.join(self.home, "at-limit.json")
        over_limit = os.path.join(self.home, "over-limit.json")
        for path, size in ((at_limit, limit), (over_limit, limit + 1)):
            with open(path, "wb") as handle:
                handle.write(b"{")
                handle.truncate(size)
        app = self.launch("--menu", over_limit)
        # One byte over: its size is rounded up, the limit down, so the message never says 256 MB is too much.
        self.assertEqual(self.load_message(app), could_not_open(over_limit, "The file is 257 MB, more "
                         "than a menu can be (256 MB at most).") + kept_aside(over_limit))
        self.assertLess(self.peak_megabytes(app), 150, "refused before reading")
        self.assertEqual(app.quit(), 0)
        # One byte less is read: its content is what is wrong with it.
        app = self.launch("--menu", at_limit)
        message = self.load_message(app)
        self.assertNotIn("more than a menu can be", message)
        self.assertTrue(message.startswith(could_not_open(at_limit, "Line 1, column 2: ")), message)
        self.assertEqual(app.quit(), 0)
