"""Runs the test suites of `make test` side by side, and ends with a table of each suite's time and the plain
'N passed, N failed' line CI reads. Exits non-zero when any suite fails.

    run-suites.py [--jobs N] [--only WORDS]   (--only: the suites whose name contains WORDS, e.g. 'blackbox test_states')

The suites: the headless Swift tests, each GUI Swift test target under a display of its own, the benchmark's checks,
the API documentation's checks (Tests/Docs), and the black-box tests, one suite per test class (Tests/BlackBox/run.py
--list); the notes example's class first builds the article's package outside this repository, and runs against
that binary (CLIENT_BUILDS). Every suite that needs a display runs in its own Tests/support/with-display.sh: its own
Xvfb, D-Bus session, HOME and XDG_RUNTIME_DIR, so suites share nothing but the built binaries. At most `--jobs`
suites run at once (TEST_JOBS, or the number of processors plus one: the black-box suites spend most of their time
waiting for the app). The longest suites start first, by the times the last run kept in build/test-times.json,
else by the times kept in Tests/support/suite-times.json, else by each class's own estimate.

A suite's output is printed whole when it ends, so suites never interleave; build/test-logs/ keeps each one.
A suite still running after SUITE_TIMEOUT seconds (1800) is stopped, and fails.
"""
import argparse
import importlib.util
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON = sys.executable
WITH_DISPLAY = os.path.join(ROOT, "Tests", "support", "with-display.sh")
TEST_TARGETS = os.path.join(ROOT, "Tests", "support", "test-targets.py")
BLACKBOX = os.path.join(ROOT, "Tests", "BlackBox")
LOGS = os.path.join(ROOT, "build", "test-logs")
TIMES = os.path.join(ROOT, "build", "test-times.json")
# A full run's times on a 2-core machine, kept with the sources: a fresh clone has no last run, and the classes'
# own estimates (8 s a test) once started a 100-second suite last, alone at the end of the run.
KNOWN_TIMES = os.path.join(ROOT, "Tests", "support", "suite-times.json")
# Black-box classes that run against a client's build instead of this package's: the command that builds it and
# then runs the class (the notes app of the article, built from the article as a package outside this repository).
CLIENT_BUILDS = {
    "test_notes_example.NotesExampleTests": [PYTHON, os.path.join(ROOT, "Tests", "Docs", "notes_client.py")],
}
SWIFT = os.environ.get("SWIFT", "swift")
# The running suites are named every few minutes, so that a quiet log is not taken for a hung one; a suite
# still running after half an hour is taken for hung, and stopped (it then fails).
HEARTBEAT_SECONDS = 120
SUITE_TIMEOUT_SECONDS = int(os.environ.get("SUITE_TIMEOUT", 1800))
# The black-box tests' timeouts are three times longer here (harness.TIMEOUT_SCALE): the suites share the
# processors with each other and with whatever else the machine runs. Waits that pass end as soon as they can.
TIMEOUT_SCALE = 3


class Suite:
    def __init__(self, name, command, env=None, estimate=60.0):
        self.name = name
        self.command = command
        self.env = env or {}
        self.estimate = estimate
        self.process = None
        self.log_path = os.path.join(LOGS, re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".log")
        self.started = self.seconds = self.cpu = self.stopped = None
        self.status = None

    def start(self):
        environment = {**os.environ, **self.env}
        self.log = open(self.log_path, "w")
        self.started = time.monotonic()
        # Its own process group, so that an interrupted run stops the suite's whole tree (Xvfb, D-Bus, the app).
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=environment, stdout=self.log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def finished(self, status, usage):
        self.seconds = time.monotonic() - self.started
        self.cpu = usage.ru_utime + usage.ru_stime
        self.status = status
        self.log.close()

    def output(self):
        with open(self.log_path, errors="replace") as handle:
            return handle.read()

    def stop(self):
        """SIGTERM to the suite's process group (with-display.sh then stops its Xvfb), and SIGKILL if it is still
        there 15 seconds later."""
        if self.process is None or self.status is not None:
            return
        first = self.stopped is None
        if first:
            self.stopped = time.monotonic()
        if first or time.monotonic() - self.stopped > 15:
            try:
                os.killpg(self.process.pid, signal.SIGTERM if first else signal.SIGKILL)
            except ProcessLookupError:
                pass


def swift_targets():
    """The headless test targets and the GUI ones (test-targets.py sorts them), and its `filter_pattern`."""
    spec = importlib.util.spec_from_file_location("test_targets", TEST_TARGETS)
    targets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(targets)
    _, headless, gui = targets.lists(targets.package())
    if not headless or not gui:
        sys.exit("run-suites: Package.swift has no headless or no GUI test target")
    return headless, gui, targets.filter_pattern


def blackbox_classes():
    """(test class id, its estimated seconds) for every black-box test class."""
    result = subprocess.run([PYTHON, os.path.join(BLACKBOX, "run.py"), BLACKBOX, "test_*.py", "--list"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"run-suites: listing the black-box tests failed:\n{result.stdout}{result.stderr}")
    classes = [line.split("\t") for line in result.stdout.splitlines() if line.strip()]
    if not classes:
        sys.exit("run-suites: no black-box test class found")
    return [(name, float(estimate)) for name, estimate in classes]


def suites():
    # swift test takes a lock on .build even with --skip-build; nothing builds here, so the Swift suites may
    # share it (the Makefile built everything before this runs).
    swift_test = [SWIFT, "test", "--skip-build", "--ignore-lock"]
    headless, gui, pattern = swift_targets()
    # The headless tests run in parallel inside one process (Swift Testing); each GUI target gets a process
    # and a display of its own, as GTK runs on one thread.
    found = [Suite("swift headless", [*swift_test, "--filter", pattern(headless)], estimate=120)]
    found += [Suite(f"swift GUI {target}", [WITH_DISPLAY, *swift_test, "--filter", pattern([target])],
                    env={"PIZZA_SPLIT_REQUIRE_DISPLAY": "1"}, estimate=90) for target in gui]
    found.append(Suite("benchmark checks", [PYTHON, "-m", "unittest", "discover", "-v", "-s", "Benchmarks",
                                            "-p", "test_*.py"], estimate=30))
    # The .desktop file, the metainfo, the man pages and the translations, checked against the binaries.
    found.append(Suite("metadata", [PYTHON, os.path.join(BLACKBOX, "run.py"), os.path.join(ROOT, "Tests", "Metadata"),
                                    "test_*.py"], estimate=60))
    # Every public symbol of Gtk and SplitView has a doc comment, and docc builds their site (make docs) from the
    # symbol graphs of the build above.
    found.append(Suite("api docs", [PYTHON, os.path.join(BLACKBOX, "run.py"), os.path.join(ROOT, "Tests", "Docs"),
                                    "test_*.py"], estimate=30))
    for name, estimate in blackbox_classes():
        found.append(Suite(f"blackbox {name}", [*CLIENT_BUILDS.get(name, []), WITH_DISPLAY, PYTHON,
                                                os.path.join(BLACKBOX, "run.py"), BLACKBOX, name],
                           env={"KEEP_A11Y": "1", "PIZZA_SPLIT_TIMEOUT_SCALE": str(TIMEOUT_SCALE)}, estimate=estimate))
    return found


def ordered(found):
    """Longest first: the last run's times where there are some, else the times kept in KNOWN_TIMES, else the
    estimates."""
    known = {}
    for path in (KNOWN_TIMES, TIMES):
        try:
            with open(path) as handle:
                known.update(json.load(handle))
        except (OSError, ValueError):
            pass
    return sorted(found, key=lambda suite: -float(known.get(suite.name, suite.estimate)))


def counts(suite):
    """(passed, failed) from the suite's own closing lines; a suite that failed without saying how counts as one."""
    text = suite.output()
    passed = failed = 0
    xctest = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
    if xctest:
        total, skipped, failures = (int(value or 0) for value in xctest[-1])
        passed += total - int(skipped or 0) - failures
        failed += failures
    testing = re.search(r"Test run with (\d+) tests? .*?(passed|failed) after", text)
    if testing:
        issues = re.findall(r"✘ Test \S.* failed after", text)
        failed += len(issues) if testing.group(2) == "failed" else 0
        passed += int(testing.group(1)) - (len(issues) if testing.group(2) == "failed" else 0)
    unit = re.findall(r"^blackbox: (\d+) passed, (\d+) failed", text, re.M)
    if unit:
        passed += int(unit[-1][0])
        failed += int(unit[-1][1])
    plain = re.search(r"^Ran (\d+) tests? in .*\n\n(OK|FAILED \((?:failures|errors)=(\d+))", text, re.M)
    if plain and not unit:
        failed += int(plain.group(3) or 0)
        passed += int(plain.group(1)) - int(plain.group(3) or 0)
    if suite.status != 0 and failed == 0:
        failed = 1
    return passed, failed


def minutes(seconds):
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("TEST_JOBS") or (os.cpu_count() or 1) + 1))
    parser.add_argument("--only", default="")
    options = parser.parse_args()
    jobs = max(1, options.jobs)
    begun = time.monotonic()
    # Tesseract's OpenMP threads spin while waiting for work (harness.py says more): one thread per OCR.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    os.makedirs(LOGS, exist_ok=True)
    waiting = ordered([suite for suite in suites() if options.only in suite.name])
    if not waiting:
        sys.exit(f"run-suites: no suite's name contains {options.only!r}")
    running = {}
    done = []
    last_heartbeat = begun
    print(f"run-suites: {len(waiting)} suites, {jobs} at a time", flush=True)

    def interrupted(number, _frame):
        for suite in running.values():
            suite.stop()
        sys.exit(128 + number)
    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    while waiting or running:
        while waiting and len(running) < jobs:
            suite = waiting.pop(0)
            suite.start()
            running[suite.process.pid] = suite
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        now = time.monotonic()
        if pid == 0:
            for late in [suite for suite in running.values() if now - suite.started > SUITE_TIMEOUT_SECONDS]:
                if late.stopped is None:
                    print(f"----- {late.name} still runs after {minutes(now - late.started)}: stopping it", flush=True)
                late.stop()
            if now - last_heartbeat > HEARTBEAT_SECONDS:
                print(f"----- after {minutes(now - begun)}, running: {', '.join(s.name for s in running.values())}; "
                      f"{len(waiting)} waiting", flush=True)
                last_heartbeat = now
            time.sleep(0.1)
            continue
        suite = running.pop(pid, None)
        if suite is None:
            continue
        suite.finished(os.waitstatus_to_exitcode(status), usage)
        done.append(suite)
        verdict = "passed" if suite.status == 0 else f"FAILED (exit {suite.status})"
        print(f"\n===== {suite.name}: {verdict} in {minutes(suite.seconds)} =====", flush=True)
        print(suite.output().rstrip(), flush=True)

    wall = time.monotonic() - begun
    os.makedirs(os.path.dirname(TIMES), exist_ok=True)
    with open(TIMES, "w") as handle:
        json.dump({suite.name: round(suite.seconds, 1) for suite in done}, handle, indent=1)

    print("\n===== time of each suite (wall, CPU), longest first =====")
    total_passed = total_failed = 0
    for suite in sorted(done, key=lambda s: -s.seconds):
        passed, failed = counts(suite)
        total_passed += passed
        total_failed += failed
        mark = "ok  " if suite.status == 0 else "FAIL"
        print(f"{mark} {minutes(suite.seconds):>8} {minutes(suite.cpu):>8}  {suite.name} ({passed} passed, {failed} failed)")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    failed_suites = [suite.name for suite in done if suite.status != 0]
    print(f"wall {minutes(wall)}, CPU {minutes(children.ru_utime + children.ru_stime)}, {jobs} suites at a time")
    if failed_suites:
        print("failed suites: " + ", ".join(failed_suites) + f" (logs in {os.path.relpath(LOGS, ROOT)}/)")
    print(f"make test: {total_passed} passed, {total_failed} failed")
    sys.exit(1 if failed_suites or total_failed else 0)


if __name__ == "__main__":
    main()
