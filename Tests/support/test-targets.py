"""The test targets of Package.swift, sorted by whether they need a display, so that the Makefile names none
of them by hand. A test target that reaches GTK (CGtk), directly or through its dependencies, is a GUI suite;
every other one is headless.

    test-targets.py headless|gui   prints a `swift test --filter` pattern for that list (fails if it is empty)
    test-targets.py check          fails when a folder of Swift tests under Tests/ is not a test target
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GTK = "CGtk"


def package():
    swift = os.environ.get("SWIFT", "swift")
    result = subprocess.run([swift, "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"test-targets: swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def dependency_names(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency and dependency[kind]:
                names.append(dependency[kind][0])
    return names


def lists(manifest):
    targets = {target["name"]: target for target in manifest["targets"]}

    def reaches_gtk(name, seen=()):
        if name == GTK:
            return True
        if name in seen or name not in targets:
            return False
        return any(reaches_gtk(dependency, seen + (name,)) for dependency in dependency_names(targets[name]))

    tests = [name for name, target in targets.items() if target["type"] == "test"]
    gui = [name for name in tests if reaches_gtk(name)]
    headless = [name for name in tests if name not in gui]
    return tests, headless, gui


def check(manifest, tests):
    declared = {os.path.normpath(target.get("path") or os.path.join("Tests", target["name"]))
                for target in manifest["targets"] if target["type"] == "test"}
    problems = []
    tests_folder = os.path.join(ROOT, "Tests")
    for entry in sorted(os.listdir(tests_folder)):
        folder = os.path.join(tests_folder, entry)
        has_swift = any(name.endswith(".swift") for _, _, files in os.walk(folder) for name in files)
        if os.path.isdir(folder) and has_swift and os.path.join("Tests", entry) not in declared:
            problems.append(f"Tests/{entry} holds Swift tests but is no test target in Package.swift, so it never runs")
    if problems:
        sys.exit("test-targets: " + "\n".join(problems))
    print(f"test targets: {', '.join(tests)}")


def filter_pattern(names):
    """The `swift test --filter` pattern that selects every test of the targets `names`."""
    return "^(" + "|".join(names) + r")\."


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    manifest = package()
    tests, headless, gui = lists(manifest)
    if what == "check":
        check(manifest, tests)
        print(f"headless: {', '.join(headless)}; GUI (under a display): {', '.join(gui)}")
        return
    chosen = {"headless": headless, "gui": gui}.get(what)
    if chosen is None:
        sys.exit(f"test-targets: unknown list {what!r} (headless, gui or check)")
    if not chosen:
        sys.exit(f"test-targets: no {what} test target in Package.swift")
    print(filter_pattern(chosen))


if __name__ == "__main__":
    main()
