"""Hostile files and environments at every path the app opens or writes: links, pipes, devices, relative
XDG variables, names that are not UTF-8, keys the app does not know, modes, escapes, lookalike names, limits.
The app must always show its window and say what is wrong; it must never hang, follow a planted link or
drop what it did not understand."""
import json
import os
import stat
import tempfile

from harness import AppTestCase, wait_for

# How long to wait for a condition: generous, since the machine may be shared; a hang still fails.
WAIT = 20

MENU = {"pizzas": [{"name": "Funghi", "pricePerSquareInch": 0.05},
                   {"name": "Diavola", "pricePerSquareInch": 0.06},
                   {"name": "Marinara", "pricePerSquareInch": 0.04}]}


class HostileFileTests(AppTestCase):
    def write(self, path, content):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(content if isinstance(content, bytes) else json.dumps(content).encode())
        return path

    @property
    def data_folder(self):
        return os.path.dirname(self.menu_path)

    @property
    def state_path(self):
        return os.path.join(self.home, "state", "pizza-split", "window-state")

    def names_in(self, path):
        with open(path) as handle:
            return [pizza["name"] for pizza in json.load(handle)["pizzas"]]

    def names_if_written(self, path):
        """The names in the menu at `path`, or None while no menu is there yet (nothing, or something else)."""
        try:
            return self.names_in(path)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def delete_first_pizza(self, app):
        app.key("Home", "Delete")

    def quit_discarding(self, app):
        """Ctrl+Q with changes that could not be saved asks first; Discard Changes quits."""
        app.key("ctrl+q")
        app.dialog("Unsaved Changes")
        app.key("alt+d")
        return app.wait_exit()

    # Links

    def test_a_symlinked_menu_is_saved_through_the_link(self):
        target = self.write(os.path.join(self.home, "dotfiles", "menu.json"), MENU)
        os.makedirs(self.data_folder)
        os.symlink("../../dotfiles/menu.json", self.menu_path)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(target) == ["Diavola", "Marinara"], timeout=WAIT, message="the edit in the link's target")
        self.assertTrue(os.path.islink(self.menu_path), "the link is still a link")
        self.assertEqual(os.listdir(self.data_folder), ["menu.json"])
        self.assertEqual(app.quit(), 0)

    def test_a_dangling_link_is_reported_and_the_first_edit_creates_its_target(self):
        target = os.path.join(self.home, "sync", "menu.json")
        os.makedirs(os.path.dirname(target))
        os.makedirs(self.data_folder)
        os.symlink(target, self.menu_path)
        app = self.launch()
        app.wait_for_message("which does not exist", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: os.path.exists(target), timeout=WAIT, message="the link's target to be created")
        self.assertTrue(os.path.islink(self.menu_path))
        self.assertFalse(os.path.exists(self.menu_path + ".broken"))
        self.assertEqual(app.quit(), 0)

    # The temporary file's name has a random part: planting at it is a Swift test
    # (StorageSafetyTests.aLinkAPipeAndADevicePlantedAtTheVeryTemporaryNameAreNeverFollowedOrReused).
    def test_a_link_planted_at_the_kept_aside_name_is_never_followed(self):
        victim = self.write(os.path.join(self.home, "victim.txt"), b"precious")
        self.write(self.menu_path, b"{ not a menu")
        os.symlink(victim, self.menu_path + ".broken")
        app = self.launch()
        app.wait_for_text("Could not open your menu", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: os.path.exists(self.menu_path + ".broken-2"), timeout=WAIT, message="the bad file kept aside")
        wait_for(lambda: os.path.isfile(self.menu_path) and not os.path.islink(self.menu_path), timeout=WAIT, message="the save")
        with open(victim, "rb") as handle:
            self.assertEqual(handle.read(), b"precious")
        with open(self.menu_path + ".broken-2", "rb") as handle:
            self.assertEqual(handle.read(), b"{ not a menu")
        self.assertEqual(app.quit(), 0)

    def test_a_symlinked_menu_whose_target_is_broken_keeps_the_target_aside_in_its_folder_and_the_link(self):
        target = self.write(os.path.join(self.home, "dotfiles", "menu.json"), b"{ not a menu")
        os.makedirs(self.data_folder)
        os.symlink("../../dotfiles/menu.json", self.menu_path)
        app = self.launch()
        app.wait_for_text("Could not open your menu", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: os.path.exists(target + ".broken"), timeout=WAIT, message="the broken target kept aside")
        wait_for(lambda: (self.names_if_written(target) or ["Cheese"])[0] != "Cheese", timeout=WAIT,
                 message="the new menu written through the link")
        with open(target + ".broken", "rb") as handle:
            self.assertEqual(handle.read(), b"{ not a menu")
        self.assertTrue(os.path.islink(self.menu_path), "the link is still a link")
        self.assertEqual(os.listdir(self.data_folder), ["menu.json"])
        self.assertEqual(app.quit(), 0)

    def test_a_symlinked_window_state_is_read_but_never_written_through(self):
        target = self.write(os.path.join(self.home, "dotfiles", "window-state"), b"width=900\nheight=600\n")
        os.makedirs(os.path.dirname(self.state_path))
        os.symlink(target, self.state_path)
        app = self.launch()
        app.wait_for_text("Cheese", timeout=WAIT)
        self.assertEqual(app.geometry(), (900, 600))
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.islink(self.state_path))
        with open(target, "rb") as handle:
            self.assertEqual(handle.read(), b"width=900\nheight=600\n")
        self.assertIn("window-state: this is a symbolic link, which a window-state file is never written through",
                      app.stderr)

    def test_a_window_state_linked_to_a_device_leaves_the_device_as_it_is(self):
        device = os.path.join(self.home, "zero")
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
        os.makedirs(os.path.dirname(self.state_path))
        os.symlink(device, self.state_path)
        app = self.launch()
        app.wait_for_text("Cheese", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        self.assertIn("window-state: this is a device, not a regular file", app.stderr)
        self.assertTrue(os.path.islink(self.state_path))
        self.assertTrue(stat.S_ISCHR(os.lstat(device).st_mode), "the device is still a device")
        self.assertEqual(os.lstat(device).st_rdev, os.makedev(1, 5))

    def test_a_symlinked_recent_files_list_is_read_but_never_written_through(self):
        kept = self.write(os.path.join(self.home, "kept.json"), MENU)
        other = self.write(os.path.join(self.home, "other.json"), MENU)
        listed = (kept + "\n").encode()
        target = self.write(os.path.join(self.home, "dotfiles", "recent-files"), listed)
        recent = os.path.join(os.path.dirname(self.state_path), "recent-files")
        os.makedirs(os.path.dirname(recent))
        os.symlink(target, recent)
        app = self.launch(other)
        app.wait_for_text("Funghi", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.islink(recent))
        with open(target, "rb") as handle:
            self.assertEqual(handle.read(), listed)
        self.assertIn("recent-files: this is a symbolic link, which a recent-files list is never written through",
                      app.stderr)

    def test_a_recent_files_list_linked_to_a_device_leaves_the_device_as_it_is(self):
        device = os.path.join(self.home, "zero")
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
        recent = os.path.join(os.path.dirname(self.state_path), "recent-files")
        os.makedirs(os.path.dirname(recent))
        os.symlink(device, recent)
        app = self.launch(self.write(os.path.join(self.home, "other.json"), MENU))
        app.wait_for_text("Funghi", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        self.assertIn("recent-files: this is a device, not a regular file", app.stderr)
        self.assertTrue(os.path.islink(recent))
        self.assertTrue(stat.S_ISCHR(os.lstat(device).st_mode), "the device is still a device")
        self.assertEqual(os.lstat(device).st_rdev, os.makedev(1, 5))

    # Pipes and devices

    def test_a_named_pipe_as_the_menu_shows_the_window_and_says_so(self):
        os.makedirs(self.data_folder)
        os.mkfifo(self.menu_path)
        app = self.launch()
        app.wait_for_text("named pipe", timeout=WAIT)
        self.assertIn("Cheese", app.screen_text(), "the default menu is shown")
        self.assertEqual(app.quit(), 0)

    def test_a_named_pipe_behind_a_link_as_the_menu_does_not_block(self):
        pipe = os.path.join(self.home, "pipe")
        os.mkfifo(pipe)
        link = os.path.join(self.home, "menu-link.json")
        os.symlink(pipe, link)
        app = self.launch("--menu", link)
        app.wait_for_text("named pipe", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    def test_a_named_pipe_as_the_window_state_does_not_block_start_or_quit(self):
        os.makedirs(os.path.dirname(self.state_path))
        os.mkfifo(self.state_path)
        app = self.launch()
        app.wait_for_text("Cheese", timeout=WAIT)
        self.assertEqual(app.quit(), 0)
        self.assertIn("window-state: this is a named pipe (FIFO), not a regular file", app.stderr)
        self.assertIn("are not saved: " + self.state_path + ": this is a named pipe (FIFO), not a regular file; it is left as it is",
                      app.stderr)
        self.assertTrue(stat.S_ISFIFO(os.lstat(self.state_path).st_mode), "the pipe is still a pipe")

    def test_a_device_as_the_menu_is_refused_with_a_message_and_never_replaced(self):
        device = os.path.join(self.home, "zero")
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
        app = self.launch("--menu", device)
        app.wait_for_message("This is a device", timeout=WAIT)
        self.delete_first_pizza(app)
        app.wait_for_text("Could not save", timeout=WAIT)
        self.assertEqual(self.quit_discarding(app), 0)
        self.assertTrue(stat.S_ISCHR(os.lstat(device).st_mode), "the device is still a device")
        self.assertEqual(os.lstat(device).st_rdev, os.makedev(1, 5))
        self.assertEqual([name for name in os.listdir(self.home) if "zero" in name], ["zero"], "no .broken copy, no new file")

    # Environment and names

    def test_relative_xdg_folders_are_ignored_for_home(self):
        start = tempfile.mkdtemp(prefix="pizza-split-cwd-", dir=self.home)
        here = os.getcwd()
        os.chdir(start)
        try:
            app = self.launch(env={"XDG_DATA_HOME": "relative-data", "XDG_STATE_HOME": "relative-state", "HOME": self.home})
        finally:
            os.chdir(here)
        app.wait_for_text("Cheese", timeout=WAIT)
        self.delete_first_pizza(app)
        menu = os.path.join(self.home, ".local", "share", "pizza-split", "menu.json")
        wait_for(lambda: os.path.exists(menu), timeout=WAIT, message="the menu under HOME/.local/share")
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.exists(os.path.join(self.home, ".local", "state", "pizza-split", "window-state")))
        self.assertEqual(os.listdir(start), [], "nothing was written where the app was started")

    def test_a_menu_file_name_that_is_not_utf8_is_opened_as_it_is(self):
        folder = os.path.join(self.home, "menus")
        name = os.path.join(folder.encode(), b"caf\xe9.json")
        self.write(name.decode("utf-8", "surrogateescape"), MENU)
        app = self.launch("--menu", name)
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(name) == ["Diavola", "Marinara"], timeout=WAIT, message="the save into the same file")
        self.assertEqual(os.listdir(folder.encode()), [b"caf\xe9.json"], "no other file was created")
        self.assertEqual(app.quit(), 0)

    def test_an_unreadable_file_name_that_is_not_utf8_is_shown_escaped(self):
        with open(os.path.join(self.home.encode(), b"caf\xe9.json"), "wb") as handle:
            handle.write(b"[]")
        # A relative name keeps the word short enough for OCR to read it.
        here = os.getcwd()
        os.chdir(self.home)
        try:
            app = self.launch("--menu", b"caf\xe9.json")
        finally:
            os.chdir(here)
        app.wait_for_text("Could not open", timeout=WAIT)
        # The banner's text is selected while it has the focus, which OCR reads less surely: a click in it
        # puts the cursor there instead, as a person would.
        app.click(300, 90)
        app.wait_for_text("caf\\xE9.json", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    # Content

    def test_keys_the_app_does_not_know_survive_edits(self):
        menu = {"currency": "EUR", "pizzas": [dict(MENU["pizzas"][0], notes={"spicy": False}),
                                             dict(MENU["pizzas"][1], notes="hot")],
                "sizes": [{"label": "Small", "id": "s1", "diameter": 9}, {"label": "Big", "diameter": 14}]}
        self.write(self.menu_path, menu)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(self.menu_path) == ["Diavola"], timeout=WAIT, message="the save")
        with open(self.menu_path) as handle:
            saved = json.load(handle)
        self.assertEqual(list(saved), ["currency", "pizzas", "sizes"])
        self.assertEqual(saved["currency"], "EUR")
        self.assertEqual(saved["pizzas"][0]["notes"], "hot")
        self.assertEqual(saved["sizes"][0]["id"], "s1")
        app.key("ctrl+z")
        wait_for(lambda: self.names_in(self.menu_path) == ["Funghi", "Diavola"], timeout=WAIT, message="the undone delete saved")
        with open(self.menu_path) as handle:
            self.assertEqual(json.load(handle)["pizzas"][0]["notes"], {"spicy": False}, "undo brings the pizza back whole")
        self.assertEqual(app.quit(), 0)

    def test_a_save_keeps_the_files_mode_and_extended_attributes(self):
        # 0640: a mode the temporary file (made 0600) never has, so only keeping the mode gives it.
        self.write(self.menu_path, MENU)
        os.chmod(self.menu_path, 0o640)
        os.setxattr(self.menu_path, "user.origin", b"dotfiles")
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(self.menu_path) == ["Diavola", "Marinara"], timeout=WAIT, message="the save")
        self.assertEqual(stat.S_IMODE(os.stat(self.menu_path).st_mode), 0o640)
        self.assertEqual(os.getxattr(self.menu_path, "user.origin"), b"dotfiles")
        self.assertEqual(app.quit(), 0)

    def test_a_read_only_menu_is_never_replaced(self):
        self.write(self.menu_path, MENU)
        os.chmod(self.menu_path, 0o444)
        with open(self.menu_path, "rb") as handle:
            before = handle.read()
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        app.wait_for_text("read-only", timeout=WAIT)
        # The edit is kept in the window only: quitting asks, and Discard Changes quits.
        self.assertEqual(self.quit_discarding(app), 0)
        with open(self.menu_path, "rb") as handle:
            self.assertEqual(handle.read(), before)
        self.assertEqual(stat.S_IMODE(os.stat(self.menu_path).st_mode), 0o444)
        self.assertEqual(os.listdir(self.data_folder), ["menu.json"])

    def test_a_menu_changed_by_another_program_is_not_overwritten(self):
        self.write(self.menu_path, MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        theirs = {"pizzas": [{"name": "Theirs", "pricePerSquareInch": 0.05}]}
        self.write(self.menu_path, theirs)
        # With nothing unsaved here, their menu is shown (test_changed_on_disk asks when something is).
        app.wait_for_text("Theirs", timeout=WAIT)
        self.assertEqual(self.names_in(self.menu_path), ["Theirs"])
        self.assertEqual(app.quit(), 0)

    def test_garbage_written_over_the_menu_by_another_program_is_not_overwritten(self):
        self.write(self.menu_path, MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.write(self.menu_path, b"\x00garbage")
        app.wait_for_message("Another program left menu.json unreadable", timeout=WAIT)
        self.assertEqual(len(app.list_rows()), 3, "the menu shown is kept, never replaced by the default one")
        # It is in no file now: quitting asks, and Discard Menu leaves their file as it is.
        app.key("ctrl+q")
        app.dialog("Unsaved Changes", timeout=WAIT)
        self.assertIn("Another program deleted, moved or broke menu.json", app.screen_text(window=app.find_window("Unsaved Changes")))
        app.key("alt+d")
        self.assertEqual(app.wait_exit(), 0)
        with open(self.menu_path, "rb") as handle:
            self.assertEqual(handle.read(), b"\x00garbage")

    def test_garbage_written_over_the_menu_is_kept_aside_when_the_menu_shown_is_saved_again(self):
        self.write(self.menu_path, MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.write(self.menu_path, b"\x00garbage")
        app.wait_for_message("Another program left menu.json unreadable", timeout=WAIT)
        app.press_button("Save Again")
        wait_for(lambda: os.path.exists(self.menu_path + ".broken"), timeout=WAIT, message="their file kept aside")
        with open(self.menu_path + ".broken", "rb") as handle:
            self.assertEqual(handle.read(), b"\x00garbage")
        # Their garbage is set aside first, then the menu written in its place: between the two there is no menu.json.
        wait_for(lambda: self.names_if_written(self.menu_path) == ["Funghi", "Diavola", "Marinara"], timeout=WAIT,
                 message="the menu shown written again")
        self.assertEqual(app.quit(), 0, "nothing left to ask about")

    def test_escaped_keys_are_read_as_keys(self):
        self.write(self.menu_path, b'{"pizzas": [{"n\\u0061me": "Quattro", "pr\\u0069cePerSquareInch": 0.05}]}')
        app = self.launch()
        app.wait_for_text("Quattro", timeout=WAIT)
        self.assertNotIn("Could not open", app.screen_text())
        self.assertEqual(app.quit(), 0)

    def test_names_that_look_the_same_are_one_name(self):
        self.write(self.menu_path, '{"pizzas": [{"name": "Caf\u00e9", "pricePerSquareInch": 1},'
                                   ' {"name": "Cafe\u0301", "pricePerSquareInch": 2}]}'.encode())
        app = self.launch()
        app.wait_for_message("there is already a pizza called", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    def test_huge_names_are_refused_at_once_with_a_short_message(self):
        name = "a" * 1_000_000
        self.write(self.menu_path, {"pizzas": [{"name": name, "pricePerSquareInch": 1},
                                               {"name": name.upper(), "pricePerSquareInch": 1}]})
        app = self.launch()
        app.wait_for_message("at most 200 characters", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    def test_a_thousand_sizes_are_refused_and_the_window_fits_the_screen(self):
        sizes = [{"label": f"S{n}", "diameter": n % 90 + 5} for n in range(1000)]
        self.write(self.menu_path, {"pizzas": MENU["pizzas"], "sizes": sizes})
        app = self.launch()
        app.wait_for_message("at most 12 sizes", timeout=WAIT)
        self.assertLess(app.geometry()[0], 1600)
        self.assertEqual(app.quit(), 0)
