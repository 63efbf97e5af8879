"""Runs the black-box tests and ends with the plain 'N passed, N failed' line CI reads."""
import sys
import unittest

folder = sys.argv[1] if len(sys.argv) > 1 else "Tests/BlackBox"
pattern = sys.argv[2] if len(sys.argv) > 2 else "test_*.py"
suite = unittest.defaultTestLoader.discover(folder, pattern=pattern)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
skipped = len(result.skipped)
print(f"blackbox: {result.testsRun - failed - skipped} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed or result.testsRun == 0 or skipped else 0)
