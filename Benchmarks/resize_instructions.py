"""Instructions per resize, counted with callgrind: a figure of the resize CPU rows that the machine's load does not move.

    PIZZA_SPLIT=path/to/pizza-split python3 Benchmarks/resize_instructions.py [RESIZES] [DELAY_MS]

Each program (the app and the idiomatic C reference, built as `make bench` builds it) starts under callgrind on a
private Xvfb, as bench.py runs it (cairo, no GL, no accessibility bridge). Once its window maps and has settled,
its counters are zeroed; then `mapwatch` resizes the window RESIZES times 1000 <-> 600 px and dumps, then walks it
through the app's three layouts (bench.py's LAYOUT_WALK) and dumps again. A resize comes every DELAY_MS (default
1500), long enough for the slowed program to lay out and draw each width, so every width is one frame and the
counts do not depend on how fast the program ran. Prints the millions of instructions per resize of each, and
leaves the dumps in build/bench/callgrind for `callgrind_annotate --inclusive=yes`.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

OUTPUT = os.path.join(bench.BUILD, "callgrind")


def callgrind_totals(path):
    with open(path) as handle:
        totals = [line.split()[1] for line in handle if line.startswith(("totals:", "summary:"))]
    return int(totals[-1])


def control(pid, *arguments):
    subprocess.run(["callgrind_control", *arguments, str(pid)], check=True, capture_output=True)


def dumps(prefix):
    return sorted(path for path in os.listdir(OUTPUT) if path.startswith(prefix + ".") and path[-1].isdigit())


def count(name, program, environment, mapwatch, resizes, delay, arguments=()):
    home, env = bench.private_home(environment)
    prefix = f"{name}.out"
    for stale in os.listdir(OUTPUT):
        if stale.startswith(prefix):
            os.remove(os.path.join(OUTPUT, stale))
    out = subprocess.run([mapwatch, "valgrind", "--tool=callgrind", "--dump-instr=no",
                          f"--callgrind-out-file={os.path.join(OUTPUT, prefix)}", program, *arguments],
                         env=env, capture_output=True, text=True, timeout=900, check=True)
    _, pid, window, _ = out.stdout.split()
    try:
        time.sleep(8)
        control(pid, "--zero")
        figures = {}
        for metric, command in (("resize CPU", ["resize", window, str(resizes), "1000", "600", "700", str(delay)]),
                                ("resize CPU, 3 layouts", ["walk", window, str(resizes), "700", str(delay),
                                                           *bench.LAYOUT_WALK])):
            before = set(dumps(prefix))
            bench.run([mapwatch, *command], env=env)
            time.sleep(delay / 1000 * 2)
            control(pid, f"--dump={metric}")
            for _ in range(100):
                new = set(dumps(prefix)) - before
                if new:
                    break
                time.sleep(0.1)
            path = os.path.join(OUTPUT, new.pop())
            time.sleep(0.5)
            figures[metric] = (callgrind_totals(path) / resizes / 1e6, path)
        return figures
    finally:
        os.kill(int(pid), signal.SIGKILL)
        shutil.rmtree(home, ignore_errors=True)


def main():
    resizes = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    delay = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
    swift = os.environ.get("PIZZA_SPLIT") or sys.exit("resize_instructions.py: PIZZA_SPLIT names the app's binary")
    programs = dict(bench.build_references(), **{bench.SWIFT: swift})
    os.makedirs(OUTPUT, exist_ok=True)
    server, display = bench.start_xvfb()
    try:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("GTK_", "GSK_", "GDK_"))}
        environment = dict(base, DISPLAY=display, GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1",
                           GSK_RENDERER="cairo", GDK_DEBUG="gl-disable", GTK_A11Y="none")
        mapwatch = os.path.join(bench.BUILD, "mapwatch")
        sides = (bench.SWIFT,) if os.environ.get("APP_ONLY") == "1" else (bench.SWIFT, bench.IDIOMATIC)
        arguments = os.environ.get("APP_ARGUMENTS", "").split()
        results = {side: count(side.replace(" ", "-"), programs[side], environment, mapwatch, resizes, delay,
                               arguments if side == bench.SWIFT else ())
                   for side in sides}
    finally:
        bench.stop_xvfb(server)
    print(f"Millions of instructions per resize ({resizes} resizes, {delay} ms apart; callgrind):")
    for metric in ("resize CPU", "resize CPU, 3 layouts"):
        swift_count = results[bench.SWIFT][metric][0]
        idiomatic = results[bench.IDIOMATIC][metric][0] if bench.IDIOMATIC in results else None
        print(f"  {metric:22} Swift {swift_count:6.2f}" + ("" if idiomatic is None else
              f"  C idiomatic {idiomatic:6.2f}  ratio {swift_count / idiomatic:.2f}"))
    walk, plain = results[bench.SWIFT]["resize CPU, 3 layouts"][0], results[bench.SWIFT]["resize CPU"][0]
    print(f"  3 layouts / 1000 <-> 600, Swift: {walk / plain:.2f}")
    for side, figures in results.items():
        for metric, (_, path) in figures.items():
            print(f"  {side}, {metric}: {path}")


if __name__ == "__main__":
    main()
