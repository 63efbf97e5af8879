import os
import shutil
import subprocess
import tempfile

from harness import App, AppTestCase, ROOT

PREFIX = "/usr/local"


class InstalledApp(App):
    """The binary that make install put under DESTDIR, started like the built one."""

    def __init__(self, home, binary):
        self.home = home
        environment = dict(os.environ)
        environment["XDG_DATA_HOME"] = os.path.join(home, "data")
        environment["XDG_STATE_HOME"] = os.path.join(home, "state")
        environment["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        self.start([binary], environment)


class InstallTests(AppTestCase):
    # A release build from scratch on a fresh clone: started first by Tests/support/run-suites.py.
    expected_seconds = 600

    def test_make_install_puts_the_files_where_the_readme_says_and_the_binary_starts(self):
        destdir = tempfile.mkdtemp(prefix="pizza-split-destdir-")
        self.addCleanup(shutil.rmtree, destdir, ignore_errors=True)
        # The release build with the Swift runtime linked in: what users install and make bench measures.
        result = subprocess.run(["make", "-C", ROOT, "install", f"DESTDIR={destdir}", f"PREFIX={PREFIX}"],
                                capture_output=True, text=True, timeout=1800)
        self.assertEqual(result.returncode, 0, result.stdout[-2000:] + result.stderr[-2000:])
        root = destdir + PREFIX
        expected = {
            "bin/pizza-split": 0o755,
            "bin/split-demos": 0o755,
            "share/applications/io.github.pizzasplit.PizzaSplit.desktop": 0o644,
            "share/metainfo/io.github.pizzasplit.PizzaSplit.metainfo.xml": 0o644,
            "share/man/man1/pizza-split.1.gz": 0o644,
            "share/man/man1/split-demos.1.gz": 0o644,
            **{f"share/locale/{language}/LC_MESSAGES/pizza-split.mo": 0o644 for language in ("de", "fr", "it")},
            "share/icons/hicolor/scalable/apps/io.github.pizzasplit.PizzaSplit.svg": 0o644,
            "share/pizza-split/default-menu.json": 0o644,
        }
        installed = sorted(os.path.relpath(os.path.join(folder, name), root)
                           for folder, _, names in os.walk(destdir) for name in names)
        self.assertEqual(installed, sorted(expected), "make install writes these files under DESTDIR+PREFIX, only")
        for path, mode in expected.items():
            self.assertEqual(os.stat(os.path.join(root, path)).st_mode & 0o777, mode, path)
        with open(os.path.join(root, "share/applications/io.github.pizzasplit.PizzaSplit.desktop")) as handle:
            entries = dict(line.split("=", 1) for line in handle.read().splitlines() if "=" in line)
        self.assertEqual(entries["Exec"].split()[0], "pizza-split")
        self.assertEqual(entries["Icon"], "io.github.pizzasplit.PizzaSplit")
        self.assertEqual(entries["Comment[de]"], "Pizzapreise pro Quadratzoll vergleichen", "translated from po/de.po")
        with open(os.path.join(ROOT, "Resources/default-menu.json")) as source, \
                open(os.path.join(root, "share/pizza-split/default-menu.json")) as copy:
            self.assertEqual(copy.read(), source.read())

        binary = os.path.join(root, "bin/pizza-split")
        libraries = subprocess.run(["ldd", binary], capture_output=True, text=True, timeout=30)
        self.assertEqual(libraries.returncode, 0, libraries.stderr)
        self.assertNotIn("libswift", libraries.stdout, "the installed binary carries the Swift runtime itself")
        self.assertIn("libgtk-4.so", libraries.stdout)
        version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
        self.assertEqual(version.returncode, 0, version.stderr)
        self.assertRegex(version.stdout, r"^pizza-split \d+\.\d+\.\d+\n$")
        app = self.start_and_wait(lambda: InstalledApp(self.home, binary))
        self.assertEqual(app.title(), "Pizza Split")
        self.assertEqual(app.list_rows()[0], "Cheese, 0.030 dollars per square inch")
        self.assertEqual(app.quit(), 0)
