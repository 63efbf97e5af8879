import os
import subprocess

from harness import AppTestCase, BINARY


class LaunchTests(AppTestCase):
    def test_window_maps_with_title_and_quits_through_quit_action(self):
        app = self.launch()
        self.assertEqual(app.title(), "Pizza Split")
        self.assertEqual(app.quit(), 0)
        self.assertClean(app)

    def test_no_display_fails_at_once_with_one_line(self):
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        result = subprocess.run([BINARY], env=env, capture_output=True, text=True, timeout=20)
        self.assertEqual(result.returncode, 1)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn("cannot open a display (DISPLAY is not set)", lines[0])

    def test_an_empty_display_is_said_to_be_unset_not_named_blank(self):
        env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
        env["DISPLAY"] = ""
        result = subprocess.run([BINARY], env=env, capture_output=True, text=True, timeout=20)
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot open a display (DISPLAY is not set)", result.stderr)
