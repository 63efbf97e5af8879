"""Checks that the C references load what the app loads and reject what it rejects.

Each menu file of a corpus (good and bad menus, one per error the app's reader can give, plus Fuzz/corpus) is
loaded by the app's own code (`bench-model check FILE`, which goes through MenuStore as the app does) and by
each reference (`--check-menu FILE`); each prints the error it would show, then the pizzas and sizes it would list.

- the best reference must print exactly what the app prints;
- the idiomatic reference must agree on every file that loads, and fail on every file the app rejects, except
  where json-glib's grammar is known to be looser (JSON_GLIB_ACCEPTS). json-glib words its own syntax errors,
  and its tree keeps no positions, so only whether a file is rejected is compared. An exception that the
  idiomatic reference no longer needs (it rejects the file after all) is a difference too, so the list
  stays true. The menu's own rules (names, labels, sizes) are checked on json-glib's tree, so they need none.

Usage: check_references.py BENCH_MODEL IDIOMATIC BEST [NAME,NAME...]. Exits 1 on any difference.
With names (of CASES, BINARY_CASES, "missing" or "folder"), only those menus are checked: `make test` checks a few.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PIZZA = '{"name": "Cheese", "pricePerSquareInch": 0.03}'
SIZES = '"sizes": [{"label": "Small", "diameter": 8}]'


def named(name):
    return '{"name": "' + name + '", "pricePerSquareInch": 0.05}'


def menu(*pizzas, extra=""):
    return '{"pizzas": [' + ", ".join(pizzas) + "]" + extra + "}"


CASES = {
    "good-plain": menu(PIZZA, '{"name": "Pepperoni", "pricePerSquareInch": 0.05}'),
    "good-sizes": menu(PIZZA, extra=", " + SIZES),
    "good-bom": "\ufeff" + menu(PIZZA),
    "good-unknown-keys": '{"x": {"a": [1, 2.5e3, true, false, null, "s\\n"], "b": {}}, "pizzas": [{"name": "A", "pricePerSquareInch": 1, "extra": [[]]}], "y": []}',
    "good-escapes": menu('{"name": "Caf\\u00e9 \\"Q\\" \\ud83c\\udf55 \\/ slash", "pricePerSquareInch": 0.05}'),
    "good-trim": menu('{"name": "  \\u00a0Spaced\\u2003 ", "pricePerSquareInch": 0.05}'),
    "good-numbers": menu('{"name": "A", "pricePerSquareInch": 1e-2}', '{"name": "B", "pricePerSquareInch": 12.345678901234567890}',
                         '{"name": "C", "pricePerSquareInch": 100}', '{"name": "D", "pricePerSquareInch": 0.1000000000000000055511151231257827}',
                         '{"name": "E", "pricePerSquareInch": 5E-1}', '{"name": "F", "pricePerSquareInch": 0.00001}'),
    "good-unicode-case": menu('{"name": "Ärger", "pricePerSquareInch": 0.05}', '{"name": "ärgerlich", "pricePerSquareInch": 0.05}'),
    "good-empty-list": '{"pizzas": []}',
    "good-whitespace": ' \r\n\t{ "pizzas" : [ ' + PIZZA + ' ] } \n',
    "empty": "",
    "only-space": "   \n ",
    "not-object": "[1, 2]",
    "word": "hello world",
    "no-pizzas": '{"sizes": [{"label": "S", "diameter": 8}]}',
    "pizzas-not-list": '{"pizzas": {"name": "A"}}',
    "pizzas-twice": '{"pizzas": [], "pizzas": []}',
    "sizes-twice": '{"pizzas": [], "sizes": [{"label": "S", "diameter": 8}], "sizes": []}',
    "item-not-object": menu(PIZZA, "42"),
    "missing-comma": '{"pizzas": [' + PIZZA + " " + PIZZA + "]}",
    "trailing-comma": menu(PIZZA, extra=","),
    "trailing-garbage": menu(PIZZA) + " x",
    "truncated": '{"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.0',
    "truncated-string": '{"pizzas": [{"name": "Chee',
    "no-name": menu('{"pricePerSquareInch": 0.03}'),
    "no-price": menu('{"name": "Cheese"}'),
    "name-twice": menu('{"name": "A", "name": "B", "pricePerSquareInch": 0.03}'),
    "price-twice": menu('{"name": "A", "pricePerSquareInch": 0.03, "pricePerSquareInch": 0.04}'),
    "empty-name": menu('{"name": "   ", "pricePerSquareInch": 0.03}'),
    "name-number": menu('{"name": 12, "pricePerSquareInch": 0.03}'),
    "price-string": menu('{"name": "A", "pricePerSquareInch": "0.03"}'),
    "price-zero": menu('{"name": "A", "pricePerSquareInch": 0}'),
    "price-negative": menu('{"name": "A", "pricePerSquareInch": -0.5}'),
    "price-high": menu('{"name": "A", "pricePerSquareInch": 150.25}'),
    "price-huge": menu('{"name": "A", "pricePerSquareInch": 1e300}'),
    "price-tiny": menu('{"name": "A", "pricePerSquareInch": -1e-7}'),
    "price-overflow": menu('{"name": "A", "pricePerSquareInch": 1e400}'),
    "leading-zero": menu('{"name": "A", "pricePerSquareInch": 00.5}'),
    "no-fraction": menu('{"name": "A", "pricePerSquareInch": 1.}'),
    "empty-exponent": menu('{"name": "A", "pricePerSquareInch": 1e}'),
    "lone-minus": menu('{"name": "A", "pricePerSquareInch": -}'),
    "duplicate": menu(PIZZA, '{"name": "  cheese ", "pricePerSquareInch": 0.04}'),
    "duplicate-later": menu(*[f'{{"name": "P{i}", "pricePerSquareInch": 0.05}}' for i in range(300)], '{"name": "p150", "pricePerSquareInch": 0.04}'),
    "duplicate-unicode": menu('{"name": "Ärger", "pricePerSquareInch": 0.05}', '{"name": "äRGER", "pricePerSquareInch": 0.05}'),
    "control-in-string": menu('{"name": "A\tB", "pricePerSquareInch": 0.05}'),
    "bad-escape": menu('{"name": "A\\qB", "pricePerSquareInch": 0.05}'),
    "bad-unicode-escape": menu('{"name": "A\\u12G4", "pricePerSquareInch": 0.05}'),
    "lone-high-surrogate": menu('{"name": "A\\ud83c", "pricePerSquareInch": 0.05}'),
    "lone-low-surrogate": menu('{"name": "A\\udf55", "pricePerSquareInch": 0.05}'),
    "bad-low-surrogate": menu('{"name": "A\\ud83c\\u0041", "pricePerSquareInch": 0.05}'),
    "key-not-quoted": '{pizzas: []}',
    "key-no-colon": '{"pizzas" []}',
    "object-trailing-comma": menu('{"name": "A", "pricePerSquareInch": 0.05,}'),
    "bad-literal": menu('{"name": "A", "pricePerSquareInch": 0.05, "vegan": tru}'),
    "unknown-bad-nesting": '{"x": [1, 2}, "pizzas": []}',
    "unknown-key-no-colon": '{"x": {"a" 1}, "pizzas": []}',
    "deep": '{"x": ' + "[" * 300 + "]" * 300 + ', "pizzas": []}',
    "sizes-empty": menu(PIZZA, extra=', "sizes": []'),
    "size-no-label": menu(PIZZA, extra=', "sizes": [{"diameter": 8}]'),
    "size-no-diameter": menu(PIZZA, extra=', "sizes": [{"label": "S"}]'),
    "size-empty-label": menu(PIZZA, extra=', "sizes": [{"label": " ", "diameter": 8}]'),
    "size-duplicate": menu(PIZZA, extra=', "sizes": [{"label": "S", "diameter": 8}, {"label": " S", "diameter": 9}]'),
    "size-too-big": menu(PIZZA, extra=', "sizes": [{"label": "Huge", "diameter": 101}]'),
    "size-too-small": menu(PIZZA, extra=', "sizes": [{"label": "Tiny", "diameter": 0.5}]'),
    "sizes-not-list": menu(PIZZA, extra=', "sizes": 3'),
    "good-joiners": menu('{"name": "\U0001F469\\u200d\U0001F373 Chef", "pricePerSquareInch": 0.05}',
                         '{"name": "Mi\\u200cnute", "pricePerSquareInch": 0.05}'),
    "good-name-200": menu(named("a" * 200)),
    "good-name-200-decomposed": menu(named("e\u0301" * 200)),
    "good-sizes-12": menu(PIZZA, extra=', "sizes": [' + ", ".join(f'{{"label": "S{i}", "diameter": {i + 1}}}' for i in range(12)) + "]"),
    "good-label-24": menu(PIZZA, extra=', "sizes": [{"label": "' + "L" * 24 + '", "diameter": 8}]'),
    "good-escaped-keys": '{"\\u0070izzas": [{"n\\u0061me": "A", "pricePerSquare\\u0049nch": 0.05}], "siz\\u0065s": [{"\\u006cabel": "S", "diamet\\u0065r": 8}]}',
    "good-unknown-keys-each-object": '{"notes": 1, "pizzas": [{"notes": 1, "name": "A", "pricePerSquareInch": 1}, {"notes": 2, "name": "B", "pricePerSquareInch": 1}], "sizes": [{"notes": 1, "label": "S", "diameter": 8}]}',
    "name-tab-escape": menu(named("A\\tB")),
    "name-zero-width-space": menu(named("A\\u200bB")),
    "name-text-direction": menu(named("A\\u202eB")),
    "name-raw-isolate": menu(named("A\u2066B\u2069")),
    "name-byte-order-mark": menu(named("\\ufeffA")),
    "name-line-separator": menu(named("A\\u2028B")),
    "name-nul-escape": menu(named("A\\u0000B")),
    "name-only-marks": menu(named("\\u0301\\u20dd")),
    "name-only-ignorable": menu(named("\\u3164")),
    "name-empty-quotes": menu(named("")),
    "name-too-long": menu(named("a" * 201)),
    "name-too-long-accents": menu(named("\u00e9" * 201)),
    "label-too-long": menu(PIZZA, extra=', "sizes": [{"label": "' + "L" * 25 + '", "diameter": 8}]'),
    "label-hidden": menu(PIZZA, extra=', "sizes": [{"label": "S\\u200b", "diameter": 8}]'),
    "label-only-marks": menu(PIZZA, extra=', "sizes": [{"label": "\\u0301", "diameter": 8}]'),
    "label-empty-after-diameter": menu(PIZZA, extra=', "sizes": [{"diameter": 8, "label": ""}]'),
    "sizes-13": menu(PIZZA, extra=', "sizes": [' + ", ".join(f'{{"label": "S{i}", "diameter": {i + 1}}}' for i in range(13)) + "]"),
    "size-bad-diameter-and-duplicate": menu(PIZZA, extra=', "sizes": [{"label": "S", "diameter": 8}, {"label": "S", "diameter": 0}]'),
    "long-duplicate-name": menu(named("Quattro " * 8), named("QUATTRO " * 8)),
    "size-accented-label-too-wide": menu(PIZZA, extra=', "sizes": [{"label": "\u00e9' + "x" * 22 + '", "diameter": 1000}]'),
    "unknown-key-twice": '{"x": 1, "pizzas": [], "x": 2}',
    "unknown-key-twice-escaped": '{"ab": 1, "pizzas": [], "a\\u0062": 2}',
    "long-unknown-key-twice": '{"' + "k" * 60 + '": 1, "pizzas": [], "' + "k" * 60 + '": 2}',
    "pizzas-twice-escaped": '{"pizzas": [], "pi\\u007azas": []}',
    "pizza-unknown-key-twice": menu('{"notes": 1, "name": "A", "pricePerSquareInch": 0.05, "notes": 2}'),
    "pizza-label-key-twice": menu('{"label": 1, "name": "A", "pricePerSquareInch": 0.05, "label": 2}'),
    "size-unknown-key-twice": menu(PIZZA, extra=', "sizes": [{"label": "S", "notes": 1, "diameter": 8, "notes": 2}]'),
    "size-label-twice": menu(PIZZA, extra=', "sizes": [{"label": "S", "label": "M", "diameter": 8}]'),
    "size-diameter-twice": menu(PIZZA, extra=', "sizes": [{"label": "S", "diameter": 8, "diameter": 9}]'),
    "crlf-error-column": '{\r\n  "pizzas": [\r\n    {"name": "Crème", "pricePerSquareInch": 0}\r\n  ]\r\n}\r\n',
    "cr-error-column": '{\r  "pizzas": [\r\r    {"name": "Crème", "pricePerSquareInch": 0}\r  ]\r}\r',
    "bom-error-column": "\ufeff" + menu('{"name": "A", "pricePerSquareInch": 0}'),
    "grapheme-error-column": '{"pizzas": [{"name": "e\u0301\U0001F1EB\U0001F1F7\U0001F469\u200d\U0001F373", "pricePerSquareInch": 0}]}',
    "multiline-error": '{\n  "pizzas": [\n    {"name": "Crème", "pricePerSquareInch": 0.05},\n    {"name": "Brûlée", "pricePerSquareInch": 0}\n  ]\n}\n',
}
# Files the app rejects that json-glib 1.6 reads anyway, and what it makes of them.
JSON_GLIB_ACCEPTS = {
    **{name: "a repeated key replaces the earlier one"
       for name in ("pizzas-twice", "pizzas-twice-escaped", "name-twice", "price-twice", "unknown-key-twice",
                    "unknown-key-twice-escaped", "long-unknown-key-twice", "pizza-unknown-key-twice",
                    "pizza-label-key-twice", "size-unknown-key-twice", "size-label-twice", "size-diameter-twice")},
    "name-nul-escape": "a string ends at \\u0000 (json-glib keeps C strings)",
    "leading-zero": "00.5 reads as 0.5",
    "no-fraction": "1. reads as 1",
    "bad-escape": "an unknown escape \\q reads as q",
    "bad-unicode-escape": "\\u12G4 reads the hex digits it finds",
    "deep": "no limit on nesting",
}
BINARY_CASES = {
    "invalid-utf8": b'{"pizzas": [{"name": "A\xff", "pricePerSquareInch": 0.05}]}',
    "invalid-utf8-escaped": b'{"pizzas": [{"name": "\\n\xc3", "pricePerSquareInch": 0.05}]}',
    "stray-high-byte": b'{"pizzas": []} \xe2\x82',
    "control-outside": b'{"pizzas": [] \x01}',
    "nul-bytes": b"\0" * 64,
}


def load(command):
    out = subprocess.run(command, capture_output=True, timeout=60)
    if out.returncode != 0:
        return f"exit status {out.returncode}: {out.stderr.decode(errors='replace').strip()}"
    return out.stdout.decode(errors="replace")


def error_line(output):
    first = output.splitlines()[0] if output else ""
    return first if first.startswith("error: ") else None


def main():
    bench_model, idiomatic, best = sys.argv[1:4]
    folder = tempfile.mkdtemp(prefix="bench-check-")
    files = []
    for name, text in CASES.items():
        files.append((name, text.encode()))
    files += list(BINARY_CASES.items())
    corpus = os.path.join(ROOT, "Fuzz", "corpus")
    for name in sorted(os.listdir(corpus)):
        with open(os.path.join(corpus, name), "rb") as handle:
            files.append(("fuzz-" + name, handle.read()))
    paths = []
    for name, data in files:
        path = os.path.join(folder, name + ".json")
        with open(path, "wb") as handle:
            handle.write(data)
        paths.append((name, path))
    paths.append(("missing", os.path.join(folder, "missing.json")))
    paths.append(("folder", folder))
    if len(sys.argv) > 4:
        only = sys.argv[4].split(",")
        unknown = sorted(set(only) - {name for name, _ in paths})
        if unknown:
            sys.exit(f"check_references.py: no menu called {', '.join(unknown)}")
        paths = [(name, path) for name, path in paths if name in only]
    differences = 0
    rejected = 0
    for name, path in paths:
        app = load([bench_model, "check", path])
        exact = load([best, "--check-menu", path])
        plain = load([idiomatic, "--check-menu", path])
        if error_line(app):
            rejected += 1
        if exact != app:
            differences += 1
            print(f"best differs on {name}:\n  app:  {app[:300]!r}\n  best: {exact[:300]!r}")
        app_error, plain_error = error_line(app), error_line(plain)
        if (app_error is None) != (plain_error is None) or (app_error is None and plain != app):
            if name in JSON_GLIB_ACCEPTS and app_error and plain_error is None:
                print(f"idiomatic accepts {name}, as expected: {JSON_GLIB_ACCEPTS[name]}")
                continue
            differences += 1
            print(f"idiomatic differs on {name}:\n  app:       {app[:300]!r}\n  idiomatic: {plain[:300]!r}")
        elif name in JSON_GLIB_ACCEPTS:
            differences += 1
            print(f"idiomatic rejects {name}: remove it from JSON_GLIB_ACCEPTS")
    print(f"{len(paths)} menus ({rejected} rejected by the app): {differences} difference(s)")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
