"""Runs the black-box tests and ends with the plain 'N passed, N failed' line CI reads.

    run.py FOLDER [PATTERN]        every test in the files matching PATTERN (test_*.py)
    run.py FOLDER NAME...          the named tests, classes or modules (test_session.DragAndDropTests)
    run.py FOLDER PATTERN --list   each test class with its estimated seconds, tab-separated
"""
import sys
import unittest

# What a test of no known length is guessed to take; a class that takes much longer says so in
# `expected_seconds`, so that Tests/support/run-suites.py starts it early on a fresh clone.
SECONDS_PER_TEST = 8


def classes(suite):
    found = {}
    for test in iterate(suite):
        cls = type(test)
        name = f"{cls.__module__}.{cls.__qualname__}"
        count, estimate = found.get(name, (0, getattr(cls, "expected_seconds", None)))
        found[name] = (count + 1, estimate)
    return {name: estimate or count * SECONDS_PER_TEST for name, (count, estimate) in found.items()}


def iterate(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from iterate(item)
        else:
            if isinstance(item, unittest.loader._FailedTest):
                raise SystemExit(f"cannot load {item.id()}: {item._exception}")
            yield item


args = [arg for arg in sys.argv[1:] if arg != "--list"]
folder = args[0] if args else "Tests/BlackBox"
names = args[1:] or ["test_*.py"]
loader = unittest.defaultTestLoader
if len(names) == 1 and "*" in names[0]:
    suite = loader.discover(folder, pattern=names[0])
else:
    sys.path.insert(0, folder)
    suite = loader.loadTestsFromNames(names)
if "--list" in sys.argv:
    for name, seconds in sorted(classes(suite).items()):
        print(f"{name}\t{seconds}")
    sys.exit(0)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
skipped = len(result.skipped)
print(f"blackbox: {result.testsRun - failed - skipped} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed or result.testsRun == 0 or skipped else 0)
