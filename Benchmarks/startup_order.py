"""make startup-order: the linker symbol-ordering file for the release build.

Runs the release binary under callgrind on a private Xvfb until its window maps, and writes the functions of the
executable that start-up ran (the app's own and the statically linked Swift runtime's), in the order callgrind
first lists them, one mangled name a line. Linked first and together (lld's --symbol-ordering-file), they share
pages, so start-up faults in fewer of the executable's pages.

Usage: startup_order.py BINARY OUTPUT
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def functions_of(profile, binary):
    """Names of the functions callgrind saw in `binary`, in first-listed order."""
    names, objects, order = {}, {}, []
    current_object = called_object = None
    pattern = re.compile(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$")
    with open(profile) as handle:
        for line in handle:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name is not None:
                table[number] = name
            if kind == "ob":
                current_object = called_object = table[number]
            elif kind == "cob":
                called_object = table[number]
            else:
                owner = current_object if kind == "fn" else called_object
                if os.path.realpath(owner or "") == os.path.realpath(binary):
                    order.append(table[number])
                if kind == "cfn":
                    called_object = current_object
    seen, unique = set(), []
    for name in order:
        name = re.sub(r"'\d+$", "", name)  # callgrind's mark for a recursion level
        if name not in seen and " " not in name:
            seen.add(name)
            unique.append(name)
    return unique


def main():
    binary, output = sys.argv[1:3]
    server, display = bench.start_xvfb()
    home, env = bench.private_home({k: v for k, v in os.environ.items() if not k.startswith(("GTK_", "GSK_", "GDK_"))})
    env.update(DISPLAY=display, GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1", GSK_RENDERER="cairo",
               GDK_DEBUG="gl-disable", GTK_A11Y="none")
    profile = os.path.join(home, "callgrind.out")
    mapwatch = os.path.join(tempfile.mkdtemp(prefix="order-"), "mapwatch")
    bench.build_mapwatch(mapwatch)
    try:
        out = subprocess.run([mapwatch, "valgrind", "--tool=callgrind", "--demangle=no", "--compress-pos=no",
                              f"--callgrind-out-file={profile}", binary], env=env, capture_output=True, text=True,
                             timeout=900)
        pid = int(out.stdout.split()[1])
        os.kill(pid, signal.SIGTERM)
        for _ in range(600):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
    finally:
        bench.stop_xvfb(server)
    names = functions_of(profile, binary)
    if len(names) < 100:
        sys.exit(f"startup_order.py: only {len(names)} functions of {binary} in the profile; is it the release build?")
    with open(output, "w") as handle:
        handle.write("\n".join(names) + "\n")
    print(f"startup_order.py: {len(names)} functions into {output}")


if __name__ == "__main__":
    main()
