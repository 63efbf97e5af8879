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

    def delete_first_pizza(self, app):
        app.key("Home", "Delete")

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
        app.wait_for_text("which does not exist", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: os.path.exists(target), timeout=WAIT, message="the link's target to be created")
        self.assertTrue(os.path.islink(self.menu_path))
        self.assertFalse(os.path.exists(self.menu_path + ".broken"))
        self.assertEqual(app.quit(), 0)

    def test_links_planted_at_the_temporary_and_kept_aside_names_are_never_followed(self):
        victim = self.write(os.path.join(self.home, "victim.txt"), b"precious")
        self.write(self.menu_path, b"{ not a menu")
        os.symlink(victim, self.menu_path + ".broken")
        app = self.launch()
        app.wait_for_text("Could not open your menu", timeout=WAIT)
        os.symlink(victim, os.path.join(self.data_folder, f".menu.json.{app.process.pid}.tmp"))
        self.delete_first_pizza(app)
        wait_for(lambda: os.path.exists(self.menu_path + ".broken-2"), timeout=WAIT, message="the bad file kept aside")
        wait_for(lambda: os.path.isfile(self.menu_path) and not os.path.islink(self.menu_path), timeout=WAIT, message="the save")
        with open(victim, "rb") as handle:
            self.assertEqual(handle.read(), b"precious")
        with open(self.menu_path + ".broken-2", "rb") as handle:
            self.assertEqual(handle.read(), b"{ not a menu")
        self.assertEqual(app.quit(), 0)

    def test_a_symlinked_window_state_is_read_and_saved_through_the_link(self):
        target = self.write(os.path.join(self.home, "dotfiles", "window-state"), b"width=900\nheight=600\n")
        os.makedirs(os.path.dirname(self.state_path))
        os.symlink(target, self.state_path)
        app = self.launch()
        app.wait_for_text("Cheese", timeout=WAIT)
        self.assertEqual(app.geometry(), (900, 600))
        self.assertEqual(app.quit(), 0)
        self.assertTrue(os.path.islink(self.state_path))
        with open(target) as handle:
            self.assertIn("list-hidden=false", handle.read())

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
        self.assertTrue(stat.S_ISREG(os.lstat(self.state_path).st_mode), "the quit saved a plain file in its place")

    def test_a_named_pipe_at_the_temporary_name_does_not_block_a_save(self):
        self.write(self.menu_path, MENU)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        os.mkfifo(os.path.join(self.data_folder, f".menu.json.{app.process.pid}.tmp"))
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(self.menu_path) == ["Diavola", "Marinara"], timeout=WAIT, message="the save")
        self.assertEqual(app.quit(), 0)

    def test_a_device_as_the_menu_is_refused_with_a_message(self):
        app = self.launch("--menu", "/dev/zero")
        app.wait_for_text("this is a device", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

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

    def test_a_save_keeps_the_files_mode(self):
        self.write(self.menu_path, MENU)
        os.chmod(self.menu_path, 0o600)
        app = self.launch()
        app.wait_for_text("Diavola", timeout=WAIT)
        self.delete_first_pizza(app)
        wait_for(lambda: self.names_in(self.menu_path) == ["Diavola", "Marinara"], timeout=WAIT, message="the save")
        self.assertEqual(stat.S_IMODE(os.stat(self.menu_path).st_mode), 0o600)
        self.assertEqual(app.quit(), 0)

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
        app.wait_for_text("there is already a pizza called", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    def test_huge_names_are_refused_at_once_with_a_short_message(self):
        name = "a" * 1_000_000
        self.write(self.menu_path, {"pizzas": [{"name": name, "pricePerSquareInch": 1},
                                               {"name": name.upper(), "pricePerSquareInch": 1}]})
        app = self.launch()
        app.wait_for_text("at most 200 characters", timeout=WAIT)
        self.assertEqual(app.quit(), 0)

    def test_a_thousand_sizes_are_refused_and_the_window_fits_the_screen(self):
        sizes = [{"label": f"S{n}", "diameter": n % 90 + 5} for n in range(1000)]
        self.write(self.menu_path, {"pizzas": MENU["pizzas"], "sizes": sizes})
        app = self.launch()
        app.wait_for_text("at most 12 sizes", timeout=WAIT)
        self.assertLess(app.geometry()[0], 1600)
        self.assertEqual(app.quit(), 0)
