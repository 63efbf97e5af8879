"""Builds the app of the article "Build a notes app" as its reader does, outside this repository, and runs a command
against it: the notes black-box tests (Tests/support/run-suites.py runs test_notes_example this way).

    notes_client.py COMMAND...   exits with COMMAND's status, or 1 if the package does not build

The reader's layout, in a temporary folder: `PizzaSplit` (a symbolic link to this repository) and beside it the
package `Notes`, whose Package.swift is the article's and whose Sources/notes/main.swift is the article's Swift
blocks one after the other. `swift build` there compiles CGtk, Gtk, SplitNavigation and SplitView again as a
dependency, as a client's build does. COMMAND runs with NOTES_EXAMPLE_BINARY naming the binary built; the folder
is removed afterwards.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")
ARTICLE = os.path.join(ROOT, "Sources", "SplitView", "SplitView.docc", "BuildANotesApp.md")
MANIFEST_START = "// swift-tools-version"


def swift_blocks(markdown):
    return re.findall(r"^```swift\n(.*?)^```$", markdown, re.M | re.S)


def article_files():
    """(the article's Package.swift, its main.swift): the one manifest block, and the other blocks joined."""
    with open(ARTICLE) as handle:
        blocks = swift_blocks(handle.read())
    manifests = [block for block in blocks if block.startswith(MANIFEST_START)]
    if len(manifests) != 1:
        sys.exit(f"notes_client: the article shows {len(manifests)} Package.swift blocks, not one")
    return manifests[0], "\n".join(block for block in blocks if not block.startswith(MANIFEST_START))


def lay_out(folder):
    """Writes the reader's package into `folder` beside a link to this repository; returns the package's path."""
    manifest, main = article_files()
    os.symlink(ROOT, os.path.join(folder, "PizzaSplit"))
    package = os.path.join(folder, "Notes")
    os.makedirs(os.path.join(package, "Sources", "notes"))
    with open(os.path.join(package, "Package.swift"), "w") as handle:
        handle.write(manifest)
    with open(os.path.join(package, "Sources", "notes", "main.swift"), "w") as handle:
        handle.write(main)
    return package


def main():
    command = sys.argv[1:]
    if not command:
        sys.exit(__doc__)
    folder = tempfile.mkdtemp(prefix="notes-client-")
    try:
        package = lay_out(folder)
        started = time.monotonic()
        build = subprocess.run([SWIFT, "build", "--product", "notes"], cwd=package, capture_output=True, text=True)
        print(f"notes_client: swift build of the article's package in {package}: exit {build.returncode} after "
              f"{time.monotonic() - started:.1f} s", flush=True)
        if build.returncode != 0:
            print(build.stdout + build.stderr, flush=True)
            return 1
        warnings = sorted({line for line in (build.stdout + build.stderr).splitlines() if "warning:" in line})
        if warnings:
            print("notes_client: the build's warnings:\n  " + "\n  ".join(warnings), flush=True)
        bin_path = subprocess.run([SWIFT, "build", "--show-bin-path"], cwd=package, capture_output=True, text=True,
                                  check=True).stdout.strip()
        binary = os.path.join(bin_path, "notes")
        print(f"notes_client: NOTES_EXAMPLE_BINARY={binary}", flush=True)
        return subprocess.run(command, env={**os.environ, "NOTES_EXAMPLE_BINARY": binary}).returncode
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
