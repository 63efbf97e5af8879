"""The API documentation of Gtk and SplitView (Tests/Docs/apidocs.py, `make docs`): every public symbol has a doc
comment, the site docc builds from them opens at an overview of every public type, and the article "Build a notes
app" is the example that the build compiles. They read the symbol graphs of the debug build (`swift build` first).
The article's own package is built outside this repository, and its app tested, by the suite of the notes example's
black-box tests (notes_client.py)."""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

import apidocs
from notes_client import article_files

ROOT = apidocs.ROOT
EXAMPLE = os.path.join(ROOT, "Examples", "NotesApp", "main.swift")


class ApiDocsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="api-docs-test-")
        cls.graphs_folder = os.path.join(cls.folder, "graphs")
        cls.graphs = apidocs.extract_symbol_graphs(cls.graphs_folder)
        cls.types = apidocs.public_types(cls.graphs)
        cls.site = os.path.join(cls.folder, "site")
        cls.diagnostics = apidocs.convert(cls.graphs_folder, cls.site)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_every_public_symbol_of_gtk_and_splitview_has_a_doc_comment(self):
        missing = apidocs.undocumented(self.graphs)
        if missing:
            self.fail(f"{len(missing)} public symbols have no doc comment:\n" + "\n".join(missing))
        self.assertGreater(sum(len(names) for names in self.types.values()), 50, "the symbol graphs hold the modules")

    def test_each_overview_page_lists_every_public_type_of_its_module_under_a_topic(self):
        for module in apidocs.MODULES:
            with self.subTest(module=module):
                page = apidocs.load_json(os.path.join(self.site, "data", "documentation", module.lower() + ".json"))
                curated = {page["references"][identifier]["title"] for section in page["topicSections"]
                           if not section.get("generated") for identifier in section["identifiers"]}
                self.assertTrue(self.types[module], f"{module} has public types")
                uncurated = sorted(set(self.types[module]) - curated)
                self.assertEqual(uncurated, [], f"add each of them under a topic (### heading) of "
                                                f"Sources/{module}/{module}.docc/{module}.md")

    def test_the_site_opens_at_an_overview_that_links_every_public_type_to_its_page(self):
        with open(os.path.join(self.site, "index.html")) as handle:
            root = handle.read()
        links = set(re.findall(r'href="([^"]+)"', root))
        for module in apidocs.MODULES:
            self.assertIn(f"documentation/{module.lower()}/index.html", links, f"the overview links {module}")
            pages = {name: f"documentation/{module.lower()}/{name.lower()}/index.html" for name in self.types[module]}
            self.assertEqual(sorted(name for name, page in pages.items() if page not in links), [],
                             f"public types of {module} that the overview does not link")
            for name, page in pages.items():
                self.assertIn(f">{name}</a>", root)
                self.assertTrue(os.path.isfile(os.path.join(self.site, page)), f"{page} was built")
                data = os.path.join(self.site, "data", "documentation", module.lower(), name.lower() + ".json")
                self.assertEqual(apidocs.load_json(data)["metadata"]["title"], name)
        landing = apidocs.load_json(os.path.join(self.site, "data", "documentation.json"))
        listed = [landing["references"][i]["title"] for section in landing["topicSections"]
                  for i in section["identifiers"]]
        self.assertEqual(listed, apidocs.MODULES, "DocC's own landing page lists both modules")
        self.assertIn("documentation/splitview/buildanotesapp/index.html", links, "the overview links the article")

    def test_the_overview_leads_from_a_gtk_name_to_the_swift_symbol_and_every_link_opens_a_page(self):
        with open(os.path.join(self.site, "index.html")) as handle:
            root = handle.read()
        entries = dict(re.findall(r"<dt>([^<]+)</dt><dd>(.*?)</dd>", root))
        self.assertIn('<a href="documentation/gtk/widget/expandshorizontally/index.html">Widget.expandsHorizontally</a>',
                      entries.get("gtk_widget_set_hexpand", "(none)"))
        self.assertIn('<a href="documentation/gtk/button/index.html">Button</a>', entries.get("GtkButton", "(none)"))
        links = set(re.findall(r'href="([^"]+)"', root))
        broken = sorted(link for link in links if not os.path.exists(os.path.join(self.site, link)))
        self.assertEqual(broken, [], "links of the overview that lead nowhere")

    def test_docc_builds_the_site_without_a_warning(self):
        # A warning is a broken link in a catalog or a doc comment, or a parameter documented wrong.
        self.assertNotIn("warning:", self.diagnostics, self.diagnostics)

    def test_the_notes_article_is_the_example_that_is_built(self):
        _, code = article_files()
        with open(EXAMPLE) as handle:
            example = handle.read()
        self.assertEqual(code, example,
                         "the article's Swift blocks, one after the other, are Examples/NotesApp/main.swift")
        bin_path = subprocess.run([apidocs.SWIFT, "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                  text=True, check=True).stdout.strip()
        self.assertTrue(os.access(os.path.join(bin_path, "notes-example"), os.X_OK), "the build compiled the example")


if __name__ == "__main__":
    unittest.main()
