"""make bench: Pizza Split (Swift) against the same window written in C, measured alternately in one run.

Builds both in release mode, starts a private Xvfb, and for each scenario runs one discarded warm-up of each
program, then RUNS alternating runs of each. Everything is watched from outside: start-up through the X server
(Benchmarks/reference/mapwatch.c), memory from /proc, CPU time per resize from /proc while resizes come from
another X client. Writes build/bench.md; with CHECK=1 exits 1 when a ratio misses its target.
"""
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "bench")
RUNS = int(os.environ.get("RUNS", "5"))
RESIZES = 400

TARGETS = {  # (scenario, metric): maximum Swift/C ratio
    ("default", "start-up"): 1.05, ("default", "memory"): 1.10, ("default", "resize CPU"): 1.00,
    ("100,000 pizzas", "start-up"): 0.30, ("100,000 pizzas", "memory"): 0.60,
    ("1,000,000 pizzas", "start-up"): 0.10, ("1,000,000 pizzas", "memory"): 0.20,
}


def run(command, **options):
    return subprocess.run(command, check=True, **options)


def build():
    os.makedirs(BUILD, exist_ok=True)
    run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "pizza-split"], cwd=ROOT,
        stdout=subprocess.DEVNULL)
    swift_bin = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4", "json-glib-1.0"],
                           capture_output=True, text=True, check=True).stdout.split()
    reference = os.path.join(ROOT, "Benchmarks", "reference")
    c_bin = os.path.join(BUILD, "pizza-split-c")
    style = os.path.join(ROOT, "Resources", "style.css")
    run(["gcc", "-O2", f'-DSTYLE_CSS="{style}"', "-o", c_bin, os.path.join(reference, "pizza-split-c.c"), *flags, "-lm"])
    run(["gcc", "-O2", "-o", os.path.join(BUILD, "mapwatch"), os.path.join(reference, "mapwatch.c"), "-lX11"])
    return os.path.join(swift_bin, "pizza-split"), c_bin


def write_menu(path, count):
    with open(path, "w") as handle:
        handle.write('{"pizzas": [\n')
        for index in range(count):
            comma = "," if index + 1 < count else ""
            handle.write(f'  {{"name": "Pizza {index}", "pricePerSquareInch": 0.0{index % 90 + 10}}}{comma}\n')
        handle.write("]}\n")


def start_xvfb():
    for number in range(90, 140):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                    return server, f":{number}"
                time.sleep(0.05)
            server.kill()
    raise RuntimeError("no free X display")


def resident_mb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field}")


def cpu_seconds(pid):
    """CPU time of all the process's threads, in nanoseconds from the scheduler (/proc/PID/task/*/schedstat),
    rather than utime + stime, which count 10 ms ticks."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as handle:
                total += int(handle.read().split()[0])
        except (OSError, ValueError):
            continue  # the thread ended meanwhile
    return total / 1e9


def measure(program, arguments, environment, mapwatch, resize):
    home = tempfile.mkdtemp(prefix="bench-home-")
    env = dict(environment, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    out = subprocess.run([mapwatch, program, *arguments], env=env, capture_output=True, text=True, timeout=120)
    milliseconds, pid, window = out.stdout.split()
    pid = int(pid)
    try:
        time.sleep(1.0)
        result = {"start-up": float(milliseconds), "memory": resident_mb(pid),
                  "private memory": resident_mb(pid, "RssAnon")}
        if resize:
            before = cpu_seconds(pid)
            run([mapwatch, "resize", window, str(RESIZES), "1000", "600", "700", "12"], env=env)
            time.sleep(1.0)
            result["resize CPU"] = (cpu_seconds(pid) - before) * 1000 / RESIZES
        return result
    finally:
        subprocess.run(["kill", "-9", str(pid)])
        time.sleep(0.2)
        shutil.rmtree(home, ignore_errors=True)


def scenario(name, swift, c, arguments, environment, mapwatch, resize):
    runs = {"Swift": [], "C": []}
    measure(swift, arguments, environment, mapwatch, resize)
    measure(c, arguments, environment, mapwatch, resize)
    for _ in range(RUNS):
        runs["Swift"].append(measure(swift, arguments, environment, mapwatch, resize))
        runs["C"].append(measure(c, arguments, environment, mapwatch, resize))
    rows = []
    for metric, unit in (("start-up", "ms"), ("memory", "MB"), ("private memory", "MB"), ("resize CPU", "ms")):
        if metric not in runs["Swift"][0]:
            continue
        values = {side: [r[metric] for r in runs[side]] for side in runs}
        medians = {side: statistics.median(values[side]) for side in values}
        ratio = medians["Swift"] / medians["C"] if medians["C"] else float("inf")
        rows.append((name, metric, unit, values, medians, ratio, TARGETS.get((name, metric))))
        print(f"  {name:18} {metric:11} Swift {medians['Swift']:8.2f} {unit}  C {medians['C']:8.2f} {unit}  ratio {ratio:.2f}",
              flush=True)
    return rows


def table(rows, title):
    lines = [f"### {title}", "",
             "| menu | metric | Swift median (range) | C median (range) | Swift/C | target | |",
             "|---|---|---|---|---|---|---|"]
    for name, metric, unit, values, medians, ratio, target in rows:
        def cell(side):
            return f"{medians[side]:.1f} {unit} ({min(values[side]):.1f}–{max(values[side]):.1f})"
        verdict = "" if target is None else ("ok" if ratio <= target else "MISSED")
        lines.append(f"| {name} | {metric} | {cell('Swift')} | {cell('C')} | {ratio:.2f} | "
                     f"{'' if target is None else '≤ %.2f' % target} | {verdict} |")
    return "\n".join(lines) + "\n"


def main():
    swift, c = build()
    mapwatch = os.path.join(BUILD, "mapwatch")
    server, display = start_xvfb()
    menus = tempfile.mkdtemp(prefix="bench-menus-")
    try:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("GTK_", "GSK_", "GDK_"))}
        base.update(DISPLAY=display, GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")
        no_gl = dict(base, GSK_RENDERER="cairo", GDK_DEBUG="gl-disable", GTK_A11Y="none")
        with_gl = dict(base, GTK_A11Y="none")
        print(f"Swift: {swift}\nC:     {c}\nDisplay {display}, {RUNS} runs each after a warm-up", flush=True)
        rows = scenario("default", swift, c, [], no_gl, mapwatch, resize=True)
        for count, name in ((100_000, "100,000 pizzas"), (1_000_000, "1,000,000 pizzas")):
            path = os.path.join(menus, f"menu-{count}.json")
            write_menu(path, count)
            rows += scenario(name, swift, c, ["--menu", path], no_gl, mapwatch, resize=False)
        gl_rows = scenario("default", swift, c, [], with_gl, mapwatch, resize=False)
    finally:
        server.kill()
        shutil.rmtree(menus, ignore_errors=True)
    report = ("## Benchmark: Pizza Split (Swift) against the same window in C\n\n"
              f"Medians of {RUNS} alternating runs after one warm-up each; private Xvfb; "
              "`GSK_RENDERER=cairo GDK_DEBUG=gl-disable GTK_A11Y=none` unless noted. "
              "Start-up: exec until the window maps, seen by the X server. Memory: VmRSS 1 s after mapping; private "
              "memory: its anonymous part (RssAnon: heap, stacks, dirty data), without mapped code and files. "
              "Resize CPU: the CPU time of all the app's threads (from /proc/PID/task/*/schedstat) per resize, "
              f"over {RESIZES} alternating resizes across the threshold.\n\n"
              + table(rows, "GL disabled") + "\n" + table(gl_rows, "GL enabled (reference only)"))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench.md"), "w") as handle:
        handle.write(report)
    print("\n" + report)
    missed = [row for row in rows if row[6] is not None and row[5] > row[6]]
    if os.environ.get("CHECK") == "1" and missed:
        print("missed targets: " + ", ".join(f"{r[0]} {r[1]} ({r[5]:.2f} > {r[6]:.2f})" for r in missed))
        sys.exit(1)


if __name__ == "__main__":
    main()
