#!/usr/bin/env python3
"""The ctest docs.check_doc_refs_test: scripts/check-doc-refs.py on a small made-up repository,
true to itself first, then with one stale reference of each kind it must catch."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts',
                      'check-doc-refs.py')

GOOD = {
    'README.md': '# Tool\n\n## Usage\n\nSee [the design](docs/design.md#the-folder-graph) and '
                 '[usage](#usage).\n',
    'docs/design.md': '# Design\n\n## The folder graph\n\n<!-- folder-graph: begin -->\n```\n'
                      'geom →\nverify → geom\n```\n<!-- folder-graph: end -->\n',
    'docs/cli.md': '# Command line\n\n## Tool tables\n',
    'src/geom/kdop.hpp': '#pragma once\n// k-DOPs (docs/design.md#the-folder-graph).\n',
    'src/verify/check.cpp': '#include "geom/kdop.hpp"\n// Tool tables: docs/cli.md, "Tool tables"; '
                            'the box in geom/kdop.hpp, src/geom/.\n'
                            'const char* p = "src/nowhere.cpp";  // a string, not a comment\n',
    'scripts/run.sh': '#!/bin/sh\n# Runs src/verify/check.cpp\' tests (tests/<module>/ folders)\n',
    'tests/.keep': '',
}


def run(files):
    with tempfile.TemporaryDirectory() as root:
        for name, text in files.items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        done = subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True)
        return done.returncode, done.stdout


def changed(name, old, new):
    files = dict(GOOD)
    assert old in files[name], (name, old)
    files[name] = files[name].replace(old, new)
    return files


class CheckDocRefs(unittest.TestCase):
    def test_a_true_repository_passes(self):
        self.assertEqual(run(GOOD), (0, ''))

    def expect_caught(self, files, where, what):
        code, out = run(files)
        self.assertEqual(code, 1, out)
        self.assertIn(where, out)
        self.assertIn(what, out)

    def test_a_missing_file_in_a_comment(self):
        self.expect_caught(changed('src/verify/check.cpp', 'src/geom/.', 'src/api/.'),
                           'src/verify/check.cpp:2', 'cites src/api/')

    def test_a_missing_file_relative_to_src(self):
        self.expect_caught(changed('src/verify/check.cpp', 'geom/kdop.hpp,', 'geom/box.hpp,'),
                           'src/verify/check.cpp:2', 'cites geom/box.hpp')

    def test_a_document_that_is_not_there(self):
        self.expect_caught(changed('src/geom/kdop.hpp', 'docs/design.md#the-folder-graph',
                                   'DESIGN.md'), 'src/geom/kdop.hpp:2', 'cites DESIGN.md')

    def test_a_missing_anchor(self):
        self.expect_caught(changed('src/geom/kdop.hpp', '#the-folder-graph', '#folders'),
                           'src/geom/kdop.hpp:2', 'no heading "#folders" in docs/design.md')

    def test_a_markdown_link_to_a_missing_heading(self):
        self.expect_caught(changed('README.md', '(#usage)', '(#use)'), 'README.md:5',
                           'no heading "#use" in README.md')

    def test_a_markdown_link_to_a_missing_file(self):
        self.expect_caught(changed('README.md', 'docs/design.md#', 'docs/map.md#'),
                           'README.md:5', 'link to docs/map.md')

    def test_a_heading_cited_by_name(self):
        self.expect_caught(changed('src/verify/check.cpp', '"Tool tables"', '"Tool files"'),
                           'src/verify/check.cpp:2', 'the section "Tool files" of docs/cli.md')

    def test_a_private_digest(self):
        self.expect_caught(changed('src/geom/kdop.hpp', '(docs/design.md#the-folder-graph)',
                                   '(digest §2)'), 'src/geom/kdop.hpp:2', 'digest §')

    def test_a_folder_graph_that_lost_an_include(self):
        self.expect_caught(changed('docs/design.md', 'verify → geom', 'verify →'),
                           'docs/design.md:8', 'src/verify/ includes geom, the graph says none')

    def test_a_folder_missing_from_the_graph(self):
        files = dict(GOOD, **{'src/report/text.cpp': '#include "verify/check.hpp"\n'})
        self.expect_caught(files, 'docs/design.md', 'src/report/ is missing from the graph')

    def test_a_cycle(self):
        files = changed('docs/design.md', 'geom →\nverify → geom', 'verify → geom\ngeom →')
        self.expect_caught(files, 'docs/design.md:7', 'verify comes before geom')


if __name__ == '__main__':
    unittest.main()
