"""The benchmark's own arithmetic and checks, run by `make test`: the ratio intervals, the CHECK=1 verdict,
and check_references.py on a few menus (with the C references built as `make bench` builds them)."""
import os
import stat
import subprocess
import sys
import tempfile
import unittest

import bench

CHECK_REFERENCES = os.path.join(bench.ROOT, "Benchmarks", "check_references.py")
BENCH_MODEL = os.environ.get("BENCH_MODEL", os.path.join(bench.ROOT, ".build", "debug", "bench-model"))
# One menu of each kind: loads, loads with sizes, a syntax error, a rule broken, a duplicate, a file json-glib
# reads anyway, bytes that are not UTF-8, no file at all, and a too long name, a hidden character and a size out
# of range, whose messages the references word as the app does (a drift failed only `make bench` before).
FEW_MENUS = ("good-plain,good-sizes,truncated,price-zero,duplicate-unicode,leading-zero,invalid-utf8,missing,"
             "name-too-long-accents,label-hidden,size-bad-diameter-and-duplicate")


def row(ratio, target):
    return dict(scenario="default", metric="time to map", idiomatic=(ratio, 0.01), target=target)


class RatioIntervalTests(unittest.TestCase):
    def test_steady_runs_give_their_ratio_and_no_width(self):
        self.assertEqual(bench.ratio_interval([2.0] * 9, [4.0] * 9), (0.5, 0.0))

    def test_the_half_width_is_the_longer_side_when_the_runs_lean_up(self):
        # Median 1; about 4 resamples in 10 have median 5, so the interval runs from 1 to 5.
        numerator = [1.0] * 6 + [5.0] * 5
        self.assertEqual(bench.ratio_interval(numerator, [1.0] * 11), (1.0, 4.0))

    def test_the_half_width_is_the_longer_side_when_the_runs_lean_down(self):
        numerator = [1.0] * 5 + [5.0] * 6
        self.assertEqual(bench.ratio_interval(numerator, [1.0] * 11), (5.0, 4.0))

    def test_the_denominators_spread_widens_the_interval_too(self):
        ratio, half = bench.ratio_interval([1.0] * 11, [1.0] * 6 + [2.0] * 5)
        self.assertEqual((ratio, half), (1.0, 0.5))


class VerdictTests(unittest.TestCase):
    def test_with_check_a_ratio_above_its_target_fails_and_is_named(self):
        status, message = bench.verdict([row(1.01, 1.00), row(0.5, 1.00)], check=True)
        self.assertEqual(status, 1)
        self.assertEqual(message, "missed targets: default time to map (1.01 > 1.00)")

    def test_a_ratio_at_or_below_its_target_passes(self):
        self.assertEqual(bench.verdict([row(1.00, 1.00), row(0.2, 1.05)], check=True), (0, None))

    def test_a_row_without_a_target_never_fails(self):
        self.assertEqual(bench.verdict([row(9.0, None)], check=True), (0, None))

    def test_without_check_a_missed_target_does_not_fail_the_run(self):
        self.assertEqual(bench.verdict([row(1.5, 1.00)], check=False), (0, None))


class LayoutWalkRowTests(unittest.TestCase):
    @staticmethod
    def resize_rows(today, walk):
        return [dict(scenario="default", metric=metric, values={bench.SWIFT: values})
                for metric, values in (("resize CPU", today), ("resize CPU, 3 layouts", walk))]

    def test_the_walk_through_three_layouts_is_held_to_todays_resize(self):
        within = bench.within_the_app(self.resize_rows([2.0, 2.0, 2.2], [1.9, 2.0, 2.1]))
        self.assertIn("| resize CPU, 3 layouts / 1000 ↔ 600 (issue 31) | 1.00 | ≤ 1.00 | ok |", within)
        within = bench.within_the_app(self.resize_rows([2.0, 2.0, 2.2], [2.1, 2.2, 2.3]))
        self.assertIn("| 1.10 | ≤ 1.00 | MISSED |", within)


class ExportRowTests(unittest.TestCase):
    def test_the_export_row_is_ok_under_two_seconds_and_missed_from_two_on(self):
        self.assertTrue(bench.export_line([1.2, 1.3, 1.9]).endswith("| < 2.0 s | ok |"))
        self.assertTrue(bench.export_line([1.9, 2.0, 2.1]).endswith("| < 2.0 s | MISSED |"))
        self.assertIn("not measured", bench.export_line([]))

    def test_each_headless_export_is_timed_and_writes_nothing_outside_its_own_folder(self):
        program = os.environ.get("PIZZA_SPLIT", os.path.join(bench.ROOT, ".build", "debug", "pizza-split"))
        with tempfile.TemporaryDirectory(prefix="bench-export-") as folder:
            menu = os.path.join(folder, "menu.json")
            bench.write_menu(menu, 1000)
            for option in ("--export-csv", "--export-pdf"):
                values = bench.export_cpu_seconds(program, menu, dict(os.environ), runs=2, option=option)
                self.assertEqual(len(values), 2, option)
                self.assertTrue(all(value > 0 for value in values), values)
                self.assertEqual(os.listdir(folder), ["menu.json"])

    def test_the_pdf_export_row_has_the_median_and_no_limit(self):
        self.assertTrue(bench.pdf_export_line([3.0, 4.0, 8.0]).startswith(f"| {bench.EXPORT_PDF} | 4.00 s ("))
        self.assertTrue(bench.pdf_export_line([3.0, 4.0, 5.0]).endswith(") | | |"))
        self.assertIn("not measured", bench.pdf_export_line([]))


SCREENS = os.path.join(bench.ROOT, "Benchmarks", "screens")


class RowsDetectorTests(unittest.TestCase):
    """mapwatch's test of a window's pixels for rows (what `time to rows` waits for), on screenshots of the app
    and of the best C reference under Xvfb, 960×640, as `make bench` runs them."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="bench-rows-")
        cls.mapwatch = os.path.join(cls.folder, "mapwatch")
        bench.build_mapwatch(cls.mapwatch)

    @classmethod
    def tearDownClass(cls):
        subprocess.run(["rm", "-rf", cls.folder])

    def seen(self, screenshot):
        ppm = os.path.join(self.folder, screenshot.replace(".png", ".ppm"))
        subprocess.run(["convert", os.path.join(SCREENS, screenshot), ppm], check=True)
        return subprocess.run([self.mapwatch, "rows-in", ppm], capture_output=True, text=True, check=True).stdout.strip()

    def test_the_reading_the_menu_page_is_not_rows(self):
        self.assertEqual(self.seen("app-reading-the-menu.png"), "no rows")

    def test_an_empty_list_is_not_rows(self):
        self.assertEqual(self.seen("app-no-pizzas.png"), "no rows")

    def test_a_window_not_painted_yet_is_not_rows(self):
        self.assertEqual(self.seen("unpainted.png"), "no rows")

    def test_the_apps_four_default_pizzas_are_rows(self):
        self.assertEqual(self.seen("app-default-menu.png"), "rows")

    def test_the_best_references_first_screen_of_a_million_is_rows(self):
        self.assertEqual(self.seen("c-best-million.png"), "rows")


class WithinTheAppTests(unittest.TestCase):
    def scaled(self, default, big, name="1,000,000 pizzas"):
        return [dict(scenario=scenario, metric="time to rows", values={bench.SWIFT: values}, best=(0.4, 0.01))
                for scenario, values in (("default", default), (name, big))]

    def test_time_to_rows_at_a_million_is_held_to_its_share_of_the_default_menus(self):
        self.assertIn("| time to rows, 1,000,000 pizzas / default | 1.20 | ≤ 1.20 | ok |",
                      bench.within_the_app(self.scaled([100.0] * 3, [120.0] * 3)))
        self.assertIn("| time to rows, 1,000,000 pizzas / default | 1.21 | ≤ 1.20 | MISSED |",
                      bench.within_the_app(self.scaled([100.0] * 3, [121.0] * 3)))

    def test_time_to_rows_at_a_million_is_held_to_half_the_best_cs(self):
        self.assertIn("| time to rows, 1,000,000 pizzas / C best | 0.40 ± 0.01 | ≤ 0.50 | ok |",
                      bench.within_the_app(self.scaled([100.0], [120.0])))


def newest_source_time():
    sources = [os.path.join(bench.REFERENCE, name) for name in os.listdir(bench.REFERENCE)]
    sources += [os.path.join(bench.ROOT, "Resources", name) for name in ("default-menu.json", "style.css")]
    return max(os.stat(path).st_mtime for path in sources)


def references():
    """Both C references, built as `make bench` builds them, again only when a source is newer."""
    built = {side: os.path.join(bench.BUILD, "pizza-split-c-" + side.split()[-1]) for side in (bench.IDIOMATIC, bench.BEST)}
    if not all(os.path.exists(path) and os.stat(path).st_mtime > newest_source_time() for path in built.values()):
        built = bench.build_references()
    return built[bench.IDIOMATIC], built[bench.BEST]


def check_references(idiomatic, best, menus=FEW_MENUS):
    return subprocess.run([sys.executable, CHECK_REFERENCES, BENCH_MODEL, idiomatic, best, menus],
                          capture_output=True, text=True, timeout=120)


class CheckReferencesTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(BENCH_MODEL):
            raise AssertionError(f"no {BENCH_MODEL}: swift build --build-tests builds it")
        cls.idiomatic, cls.best = references()

    def test_both_references_load_and_reject_a_few_menus_as_the_app_does(self):
        result = check_references(self.idiomatic, self.best)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("11 menus (8 rejected by the app): 0 difference(s)", result.stdout)
        self.assertIn("idiomatic accepts leading-zero, as expected", result.stdout)

    def test_a_reference_that_reads_a_menu_differently_is_a_difference(self):
        folder = tempfile.mkdtemp(prefix="bench-test-")
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", folder]))
        wrong = os.path.join(folder, "wrong-reference")
        with open(wrong, "w") as handle:
            handle.write("#!/bin/sh\necho 'pizza Cheese 0.03'\n")
        os.chmod(wrong, stat.S_IRWXU)
        for idiomatic, best, who in ((self.idiomatic, wrong, "best"), (wrong, self.best, "idiomatic")):
            result = check_references(idiomatic, best, "good-plain,truncated")
            self.assertEqual(result.returncode, 1, f"{who}: {result.stdout}{result.stderr}")
            self.assertIn(f"{who} differs on truncated", result.stdout)

    def test_an_unknown_menu_name_is_refused(self):
        result = check_references(self.idiomatic, self.best, "good-plain,no-such-menu")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("no menu called no-such-menu", result.stderr)


if __name__ == "__main__":
    unittest.main()
