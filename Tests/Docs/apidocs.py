"""The API documentation of the Gtk and SplitView modules, built offline with the toolchain's own docc from symbol
graphs that swift-symbolgraph-extract reads out of the debug build (no SwiftPM plugin, nothing compiled again).

    apidocs.py build OUT      the HTML site in OUT (make docs: build/docs); OUT/index.html lists every public type
    apidocs.py undocumented   names every public symbol of the two modules without a doc comment; fails if any

Both need the debug build (`swift build`). Each module's catalog, Sources/<module>/<module>.docc, holds its overview
page (the public types by topic) and its articles. `docc merge` joins the two archives under one landing page.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")
MODULES = ["Gtk", "SplitView"]
# Declarations a reader looks up, as symbol graphs name their kinds; an extension block is not one of them.
TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias"}
TITLE = "Pizza Split libraries"
# A name in GTK's C documentation: a function, a macro or enum value, or a type (gtk_widget_set_hexpand,
# GTK_ALIGN_START, GDK_KEY_Escape, GtkButton, GObject).
C_NAME = re.compile(r"(?:[gG](?:tk|dk|sk)?|[pP]ango|[cC]airo)_[A-Za-z0-9_]+"
                    r"|(?:Gtk|Gdk|Gsk|Pango)[A-Z][A-Za-z]+|G[A-Z][a-z][A-Za-z]+")


class DocsError(Exception):
    """A step of the build failed (a tool missing or failing, no debug build); the message says which and why."""


def run(command, **options):
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **options)
    if result.returncode != 0:
        raise DocsError(f"apidocs: {' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def load_json(path):
    with open(path) as handle:
        return json.load(handle)


def toolchain_tool(name):
    """A tool beside the `swift` driver in use (docc, swift-symbolgraph-extract): the toolchain's own."""
    swift = shutil.which(SWIFT)
    path = os.path.join(os.path.dirname(os.path.realpath(swift)), name) if swift else None
    if not path or not os.access(path, os.X_OK):
        raise DocsError(f"apidocs: the Swift toolchain has no {name} beside {swift}")
    return path


def extract_symbol_graphs(folder):
    """Writes each module's symbol graphs (public and open symbols, with extensions of other modules' types) into
    folder/<module>/ from the modules the debug build compiled. Returns {module: [graph, ...]}."""
    bin_path = run([SWIFT, "build", "--show-bin-path"]).strip()
    modules = os.path.join(bin_path, "Modules")
    if not os.path.isdir(modules):
        modules = bin_path
    for module in MODULES:
        if not os.path.exists(os.path.join(modules, f"{module}.swiftmodule")):
            raise DocsError(f"apidocs: {modules} has no {module}.swiftmodule; run `swift build` first")
    triple = json.loads(run([SWIFT, "-print-target-info"]))["target"]["triple"]
    headers = run(["pkg-config", "--cflags-only-I", "gtk4"]).split()
    extract = toolchain_tool("swift-symbolgraph-extract")
    graphs = {}
    for module in MODULES:
        output = os.path.join(folder, module)
        os.makedirs(output)
        run([extract, "-module-name", module, "-target", triple, "-I", modules,
             "-I", os.path.join(ROOT, "Sources", "CGtk"), "-module-cache-path", os.path.join(bin_path, "ModuleCache"),
             *[flag for header in headers for flag in ("-Xcc", header)],
             "-minimum-access-level", "public", "-skip-synthesized-members", "-emit-extension-block-symbols",
             "-output-dir", output])
        graphs[module] = [load_json(os.path.join(output, name)) for name in sorted(os.listdir(output))]
    return graphs


def symbol_name(symbol):
    return ".".join(symbol["pathComponents"])


def undocumented(graphs):
    """'Module: Type.member (kind, file:line)' for every public or open declaration without a doc comment of its own
    or of the protocol requirement it implements."""
    found = []
    for module, module_graphs in graphs.items():
        for graph in module_graphs:
            for symbol in graph["symbols"]:
                if symbol["kind"]["identifier"] == "swift.extension":
                    continue
                lines = symbol.get("docComment", {}).get("lines", [])
                if any(line["text"].strip() for line in lines):
                    continue
                location = symbol.get("location", {})
                where = location.get("uri", "").split(ROOT + "/")[-1]
                line = location.get("position", {}).get("line")
                where += f":{line + 1}" if line is not None else ""
                found.append(f"{module}: {symbol_name(symbol)} ({symbol['kind']['displayName'].lower()}, {where})")
    return sorted(found)


def public_types(graphs):
    """{module: sorted names of its top-level public types}."""
    return {module: sorted({symbol_name(symbol) for graph in module_graphs for symbol in graph["symbols"]
                            if symbol["kind"]["identifier"] in TYPE_KINDS and len(symbol["pathComponents"]) == 1
                            and graph["module"]["name"] == module})
            for module, module_graphs in graphs.items()}


def convert(graphs_folder, output):
    """Builds the site into `output` (replacing it) and returns docc's diagnostics (its warnings)."""
    docc = toolchain_tool("docc")
    work = tempfile.mkdtemp(prefix="apidocs-")
    try:
        archives = []
        diagnostics = ""
        for module in MODULES:
            archive = os.path.join(work, f"{module}.doccarchive")
            command = [docc, "convert", os.path.join(ROOT, "Sources", module, f"{module}.docc"),
                       "--additional-symbol-graph-dir", os.path.join(graphs_folder, module),
                       "--output-path", archive, "--fallback-display-name", module,
                       "--fallback-bundle-identifier", f"io.github.pizzasplit.{module}",
                       "--transform-for-static-hosting"]
            result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
            diagnostics += result.stdout + result.stderr
            if result.returncode != 0:
                raise DocsError(f"apidocs: docc convert of {module} failed:\n{result.stdout}{result.stderr}")
            archives.append(archive)
        merged = os.path.join(work, "merged.doccarchive")
        run([docc, "merge", *archives, "--synthesized-landing-page-name", TITLE,
             "--synthesized-landing-page-kind", "Libraries", "--synthesized-landing-page-topics-style", "list",
             "--output-path", merged])
        if os.path.exists(output):
            shutil.rmtree(output)
        shutil.copytree(merged, output)
        write_overview(output)
        return diagnostics
    finally:
        shutil.rmtree(work, ignore_errors=True)


def page_path(url):
    """The static page of a DocC URL ('/documentation/gtk/button' -> 'documentation/gtk/button/index.html')."""
    return url.strip("/") + "/index.html"


def overview(site):
    """[(module title, module url, [(topic title, [(type title, url, abstract as HTML)])])] from the site's module
    pages."""
    modules = []
    landing = load_json(os.path.join(site, "data", "documentation.json"))
    for identifier in [i for section in landing["topicSections"] for i in section["identifiers"]]:
        module_url = landing["references"][identifier]["url"]
        page = load_json(os.path.join(site, "data", module_url.strip("/") + ".json"))
        topics = []
        for section in page["topicSections"]:
            entries = []
            for reference in (page["references"][i] for i in section["identifiers"]):
                abstract = "".join(html.escape(part["text"]) if "text" in part else
                                   f"<code>{html.escape(part.get('code', ''))}</code>"
                                   for part in reference.get("abstract", []))
                entries.append((reference["title"], reference["url"], abstract))
            topics.append((section.get("title", ""), entries))
        modules.append((page["metadata"]["title"], module_url, topics))
    return modules


def code_voices(content):
    """The code spans of DocC render content (a page's abstract or discussion), in order."""
    if isinstance(content, dict):
        if content.get("type") == "codeVoice":
            yield content.get("code", "")
        for value in content.values():
            yield from code_voices(value)
    elif isinstance(content, list):
        for value in content:
            yield from code_voices(value)


def gtk_names(site):
    """{C name: [(Swift name, page path)]}: each GTK name a page's own documentation mentions in code voice, so that
    a reader who knows the C name (gtk_widget_set_hexpand) finds the Swift one (Widget.expandsHorizontally)."""
    names = {}
    data = os.path.join(site, "data", "documentation")
    for folder, _, files in os.walk(data):
        for name in files:
            page = load_json(os.path.join(folder, name))
            if page.get("metadata", {}).get("role") != "symbol":
                continue
            sections = page.get("primaryContentSections", [])
            text = [page.get("abstract", [])] + [section.get("content", []) for section in sections
                                                 if section.get("kind") == "content"]
            url = page["identifier"]["url"].split("/documentation/", 1)[1]
            swift_name = ".".join(url.split("/")[1:])
            path = page_path("documentation/" + os.path.relpath(os.path.join(folder, name), data)[:-len(".json")])
            for code in code_voices(text):
                for c_name in C_NAME.findall(code):
                    names.setdefault(c_name, set()).add((swift_name, path))
    return {c_name: sorted(pages) for c_name, pages in names.items()}


def write_overview(site):
    """Replaces the site's root page with a plain overview: both modules, every type by topic, each linked to its
    DocC page. It needs no script, so it opens from the disk too; the DocC pages need a web server."""
    parts = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{TITLE}</title>"
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "dt{font-family:monospace;margin-top:.4em}dd{margin-left:1.5em;color:#444}</style></head><body>",
             f"<h1>{TITLE}</h1><p>The API of the <code>Gtk</code> binding and the <code>SplitView</code> widget. "
             "The pages behind these links need a web server: <code>python3 -m http.server -d build/docs</code>, "
             "then open <a href=\"documentation/\">documentation/</a>.</p>"]
    for title, url, topics in overview(site):
        parts.append(f"<h2><a href=\"{html.escape(page_path(url))}\">{html.escape(title)}</a></h2>")
        for topic, entries in topics:
            parts.append(f"<h3>{html.escape(topic)}</h3><dl>")
            for name, link, abstract in entries:
                parts.append(f"<dt><a href=\"{html.escape(page_path(link))}\">{html.escape(name)}</a></dt>"
                             f"<dd>{abstract}</dd>")
            parts.append("</dl>")
    parts.append("<h2 id=\"gtk-names\">From GTK's names</h2><p>Each C function, type or constant that a page of the "
                 "binding names, and the Swift symbols whose documentation names it.</p><dl>")
    for c_name, pages in sorted(gtk_names(site).items(), key=lambda item: item[0].lower()):
        links = ", ".join(f"<a href=\"{html.escape(path)}\">{html.escape(name)}</a>" for name, path in pages)
        parts.append(f"<dt>{html.escape(c_name)}</dt><dd>{links}</dd>")
    parts.append("</dl></body></html>\n")
    with open(os.path.join(site, "index.html"), "w") as handle:
        handle.write("\n".join(parts))


def main():
    try:
        build_or_check(sys.argv[1:])
    except DocsError as error:
        sys.exit(str(error))


def build_or_check(arguments):
    with tempfile.TemporaryDirectory(prefix="symbol-graphs-") as folder:
        if arguments[:1] == ["build"] and len(arguments) == 2:
            graphs = extract_symbol_graphs(folder)
            output = os.path.abspath(arguments[1])
            sys.stderr.write(convert(folder, output))
            types = sum(len(names) for names in public_types(graphs).values())
            print(f"apidocs: {types} public types of {', '.join(MODULES)} in {os.path.relpath(output)}; open "
                  f"{os.path.relpath(output)}/index.html, or serve the folder (python3 -m http.server -d "
                  f"{os.path.relpath(output)}) and open /documentation/")
        elif arguments == ["undocumented"]:
            missing = undocumented(extract_symbol_graphs(folder))
            print("\n".join(missing) or f"apidocs: every public symbol of {', '.join(MODULES)} is documented")
            sys.exit(1 if missing else 0)
        else:
            sys.exit(__doc__)


if __name__ == "__main__":
    main()
