"""Instructions per byte of one whole read of a menu (a million pizzas unless told), counted by callgrind: the
figure of the reader's speed that does not move with the machine's load, beside bench-model's MB/s, which does.

Usage: read_instructions.py BENCH_MODEL [PIZZA_COUNT]

bench-model writes the menu (`generate`) and reads it once (`load`) under callgrind, which counts only inside the
reader's entry point, `MenuFile.decode(reading:path:progress:)` (found in the binary's symbols): the process's
start and the file's writing are left out."""
import os
import re
import subprocess
import sys
import tempfile

# The mangled name of MenuFile.decode(reading:path:progress:), less the types after its argument labels.
DECODE = "$s10PizzaModel8MenuFileO6decode7reading4path8progress"


def decode_symbol(binary):
    """The reader's entry point itself, not one of the compiler's specialised copies of it (their names go on)."""
    symbols = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.split("\n")
    names = [line.split()[-1] for line in symbols if line.split()[1:2] == ["T"] and DECODE in line]
    if len(names) != 1:
        sys.exit(f"read_instructions.py: expected one exported {DECODE}… in {binary}, found {names}")
    return names[0]


def instructions(binary, menu, symbol, folder):
    output = os.path.join(folder, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", "--collect-atstart=no",
                    f"--toggle-collect={symbol}", binary, "load", menu], check=True, capture_output=True)
    with open(output) as handle:
        totals = re.search(r"^(?:summary|totals): (\d+)", handle.read(), re.MULTILINE)
    if not totals or int(totals.group(1)) == 0:
        sys.exit("read_instructions.py: callgrind counted nothing inside the reader")
    return int(totals.group(1))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 1_000_000
    with tempfile.TemporaryDirectory(prefix="read-instructions-") as folder:
        menu = os.path.join(folder, "menu.json")
        subprocess.run([binary, "generate", str(count), menu], check=True)
        size = os.path.getsize(menu)
        counted = instructions(binary, menu, decode_symbol(binary), folder)
    print(f"instructions of one read ({count:,} pizzas, {size / 1_048_576:.1f} MB; callgrind): "
          f"{counted / 1e6:,.0f} million, {counted / size:.2f} per byte")


if __name__ == "__main__":
    main()
