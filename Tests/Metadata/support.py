"""Paths shared by the metadata tests: the checkout, and the built binaries they ask for --help and --version."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary(name):
    """The debug build of `name`, from PIZZA_SPLIT_BIN_DIR or swift build's own bin path (built by make test)."""
    folder = os.environ.get("PIZZA_SPLIT_BIN_DIR") or subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    path = os.path.join(folder, name)
    if not os.access(path, os.X_OK):
        raise AssertionError(f"{path} is not built: run swift build --product {name} first")
    return path


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=120, **options)
