#!/usr/bin/env python3
"""make pot: writes po/pizza-split.pot from the Swift sources, the .desktop file and the metainfo.

xgettext has no Swift parser in Debian 12, and reading Swift as C breaks on its multi-line literals, so this reads
the Swift itself: it skips comments, decodes string literals (plain, multi-line and raw), and takes each
`String(translating: "…")` call's message, with its `plural:` or `context:` when given. A `// Translators:`
comment on the lines just before a call goes to the translators. The messages are handed to xgettext as a PO file,
together with the .desktop file and the metainfo, which xgettext reads itself; it writes the template.
Usage: extract.py OUTPUT [VERSION]. A call whose message is not a literal is an error, with its file and line.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ["Sources"]
OTHERS = ["Resources/io.github.pizzasplit.PizzaSplit.desktop", "Resources/io.github.pizzasplit.PizzaSplit.metainfo.xml"]
DIRECTIVE = re.compile(r"%(\d+\$)?[sd]")
ESCAPES = {"0": "\0", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", '"': '"', "'": "'"}


class SwiftError(Exception):
    pass


def decode_escapes(text, where, hashes):
    """Swift's escapes in a literal's text; in a raw literal only those written with its `#`s count."""
    escape = "\\" + "#" * hashes
    out, i = [], 0
    while i < len(text):
        if text.startswith(escape, i):
            i += len(escape)
            char = text[i] if i < len(text) else ""
            if char in ESCAPES:
                out.append(ESCAPES[char])
                i += 1
            elif char == "u" and text.startswith("u{", i):
                end = text.index("}", i)
                out.append(chr(int(text[i + 2:end], 16)))
                i = end + 1
            elif char == "(":
                raise SwiftError(f"{where}: a translated message cannot interpolate; use %s and an argument")
            else:
                raise SwiftError(f"{where}: unknown escape \\{char}")
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def multiline_body(raw, where):
    """A multi-line literal's text: the closing delimiter's indentation removed, `\\` at a line's end joining lines."""
    lines = raw.split("\n")
    indent = lines[-1]
    if indent.strip():
        raise SwiftError(f"{where}: text before a multi-line literal's closing quotes")
    body = []
    for line in lines[1:-1]:
        if line.strip() and not line.startswith(indent):
            raise SwiftError(f"{where}: a line of a multi-line literal is indented less than its closing quotes")
        body.append(line[len(indent):])
    text = "\n".join(body)
    return re.sub(r"(?<!\\)\\[ \t]*\n", "", text)


def tokens(source, path):
    """(kind, value, line): identifiers, punctuation and string literals (their text as written, decoded only when
    translated); comments are skipped, except that `// Translators:` comments come through as kind "note"."""
    i, line = 0, 1
    while i < len(source):
        char = source[i]
        if char == "\n":
            line += 1
            i += 1
        elif char.isspace():
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = len(source) if end < 0 else end
            comment = source[i + 2:end].strip()
            if comment.startswith("Translators:"):
                yield "note", comment, line
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                elif j >= len(source):
                    raise SwiftError(f"{path}:{line}: unterminated comment")
                else:
                    j += 1
            line += source.count("\n", i, j)
            i = j
        elif char == '"' or (char == "#" and re.match(r'#+"', source[i:])):
            hashes = len(source[i:]) - len(source[i:].lstrip("#"))
            start = i + hashes
            where = f"{path}:{line}"
            if source.startswith('"""', start):
                close = '"""' + "#" * hashes
                end = source.find(close, start + 3)
                if end < 0:
                    raise SwiftError(f"{where}: unterminated multi-line literal")
                raw = multiline_body(source[start + 3:end], where)
                i = end + len(close)
            else:
                j = start + 1
                close = '"' + "#" * hashes
                escape = "\\" + "#" * hashes
                while not source.startswith(close, j):
                    if j >= len(source) or source[j] == "\n":
                        raise SwiftError(f"{where}: unterminated literal")
                    j += len(escape) + 1 if source.startswith(escape, j) else 1
                raw = source[start + 1:j]
                i = j + len(close)
            yield "string", (raw, where, hashes), line
            line += source.count("\n", start, i)
        elif char.isalnum() or char == "_":
            match = re.match(r"\w+", source[i:])
            yield "word", match.group(0), line
            i += len(match.group(0))
        else:
            yield "punct", char, line
            i += 1


def messages(path, relative):
    """Each `String(translating: …)` in the file: (line, context, message, plural, notes)."""
    with open(path, encoding="utf-8") as handle:
        found = list(tokens(handle.read(), relative))
    code = [token for token in found if token[0] != "note"]
    notes = [(line, value) for kind, value, line in found if kind == "note"]
    for index in range(len(code) - 3):
        (k0, v0, line), (_, v1, _), (_, v2, _), (_, v3, _) = code[index:index + 4]
        if (k0, v0, v1, v2, v3) != ("word", "String", "(", "translating", ":"):
            continue
        # A note goes to the first call at most three lines below it, and only to that one.
        near = [note for note_line, note in notes if 0 < line - note_line <= 3]
        notes = [(note_line, note) for note_line, note in notes if note_line >= line]
        where = f"{relative}:{line}"
        literal = code[index + 4] if index + 4 < len(code) else None
        if literal is None or literal[0] != "string":
            raise SwiftError(f"{where}: String(translating:) needs a string literal, so that make pot finds it")
        entry = {"line": line, "message": decode_escapes(*literal[1]), "plural": None, "context": None, "notes": near}
        rest = code[index + 5:index + 9]
        if len(rest) == 4 and rest[0][1] == "," and rest[1][1] in ("plural", "context") and rest[2][1] == ":":
            if rest[3][0] != "string":
                raise SwiftError(f"{where}: {rest[1][1]}: needs a string literal")
            entry[rest[1][1]] = decode_escapes(*rest[3][1])
        yield entry


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    if "\\n" not in escaped[:-2]:
        return f'"{escaped}"'
    parts = re.findall(r".*?\\n|.+$", escaped)
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def swift_entries():
    entries = []
    for folder in SOURCES:
        for directory, _, names in sorted(os.walk(os.path.join(ROOT, folder))):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    relative = os.path.relpath(path, ROOT)
                    entries.extend((relative, entry) for entry in messages(path, relative))
    return entries


def write_swift_po(entries, output):
    with open(output, "w", encoding="utf-8") as handle:
        handle.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for relative, entry in entries:
            for note in entry["notes"]:
                handle.write(f"#. {note}\n")
            handle.write(f"#: {relative}:{entry['line']}\n")
            if DIRECTIVE.search(entry["message"]) or (entry["plural"] and DIRECTIVE.search(entry["plural"])):
                handle.write("#, c-format\n")
            if entry["context"] is not None:
                handle.write(f"msgctxt {po_string(entry['context'])}\n")
            handle.write(f"msgid {po_string(entry['message'])}\n")
            if entry["plural"] is not None:
                handle.write(f"msgid_plural {po_string(entry['plural'])}\n")
                handle.write('msgstr[0] ""\nmsgstr[1] ""\n\n')
            else:
                handle.write('msgstr ""\n\n')


def main():
    output = sys.argv[1]
    version = sys.argv[2] if len(sys.argv) > 2 else "1.0.0"
    try:
        entries = swift_entries()
    except SwiftError as error:
        sys.exit(f"extract.py: {error}")
    with tempfile.TemporaryDirectory(prefix="pizza-split-pot-") as folder:
        swift_po = os.path.join(folder, "swift.po")
        write_swift_po(entries, swift_po)
        subprocess.run(["xgettext", "--from-code=UTF-8", "--add-comments=Translators:", "--sort-by-file",
                        "--package-name=pizza-split", f"--package-version={version}",
                        "--msgid-bugs-address=https://github.com/pizzasplit/PizzaSplit/issues",
                        "--copyright-holder=The Pizza Split team", "-o", os.path.abspath(output), swift_po]
                       + OTHERS, cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
