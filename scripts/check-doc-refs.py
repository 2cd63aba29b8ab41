#!/usr/bin/env python3
"""Fails when a comment or a document cites something of the repository that does not exist.

Checked, in the comments of every tracked source, script and CMake file and in every Markdown
file (CHANGELOG.md aside: it tells what was, with the names of then):

- repository paths: `src/verify/move_path.cpp`, `docs/cli.md`, `tests/e2e/`, and paths
  relative to src/ or include/ as the code cites them (`verify/move_path.hpp`,
  `gougechek/tool.hpp`); a path cut short at a placeholder (`fuzz/regressions/<harness>/`,
  `tests/*.cpp`) must lead to a folder that exists;
- Markdown links, relative to the document (`[x](../tests/html/page_check.mjs)`), and their
  anchors (`cli.md#dialects`, `#fuzzing`), which must be headings of the target;
- anchors cited in comments (`docs/cli.md#tool-tables`) and headings cited by name
  (`README, "Usage"`, `docs/cli.md, "Tool tables"`);
- names of documents that are not in the repository (`DESIGN.md`, "digest §2");
- the folder graph of docs/design.md against the `#include "folder/..."` lines of src/.

usage: scripts/check-doc-refs.py [ROOT]     (ROOT: the repository, default this script's ../)
Prints file:line: what is wrong, one a line, and exits 1 when anything is; 0 otherwise.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..'))

CHECKED_SUFFIXES = ('.md', '.cpp', '.hpp', '.h', '.py', '.pyi', '.sh', '.cmake', '.in', '.js',
                    '.mjs', '.yml', '.yaml', '.toml', '.awk')
CHECKED_NAMES = ('CMakeLists.txt', 'run', '.clang-tidy', '.clang-format')
SKIPPED = ('CHANGELOG.md', 'scripts/check-doc-refs.py')
SKIPPED_FOLDERS = ('fuzz/regressions/', 'fuzz/seeds/')

# Documents and sources that are not in the repository, and how to cite them instead.
STALE_NAMES = [
    (re.compile(r'\bdigest §'), 'cites "digest §", a document that is not in the repository: '
     'cite the paper or book itself'),
]


def tracked_files():
    try:
        out = subprocess.run(['git', '-C', ROOT, 'ls-files'], check=True, capture_output=True,
                             text=True).stdout
        files = out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in ('.git', 'build')]
            files += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names]
    return sorted(f for f in files if os.path.isfile(os.path.join(ROOT, f)))


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r'[^\w\- ]', '', heading.strip().lower())
    return text.replace(' ', '-')


_headings = {}


def headings(path):
    """The (text, anchor) pairs of a Markdown file's headings, code blocks aside."""
    if path not in _headings:
        found, seen, fenced = [], {}, False
        with open(path, encoding='utf-8') as f:
            for line in f:
                if line.lstrip().startswith('```'):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r'#{1,6}\s+(.*?)\s*#*\s*$', line)
                if m:
                    base = slug(m.group(1))
                    count = seen.get(base, 0)
                    seen[base] = count + 1
                    found.append((m.group(1), base if count == 0 else f'{base}-{count}'))
        _headings[path] = found
    return _headings[path]


def exists(path):
    return os.path.exists(path)


def top_level():
    names = set(os.listdir(ROOT)) - {'.git', 'build'}
    return names


TOP = top_level()


def subfolders(folder):
    path = os.path.join(ROOT, folder)
    return {d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d))} \
        if os.path.isdir(path) else set()


SRC_FOLDERS = subfolders('src')
INCLUDE_FOLDERS = subfolders('include')

# A path-like word: folders and a last part, or a Markdown file's name; with an anchor.
PATH = re.compile(r'(?<![\w./\-@:~$])((?:\.\./)*[A-Za-z_.][\w.\-]*(?:/[\w.\-]*)+|[\w\-]+\.md)'
                  r'(#[\w\-]+)?')
PLACEHOLDER = re.compile(r'[<*{$%\[\\]')
LINK = re.compile(r'\]\(([^)\s]+)\)')
NAMED_HEADING = re.compile(r'\b((?:[\w\-]+/)*[\w\-]+\.md|README)[,:]? "([^"]+)"')


def resolve(path, here):
    """The file or folder `path` names, as cited from the file `here`, or None."""
    bases = [ROOT, os.path.dirname(here)]
    first = path.split('/')[0]
    if '/' not in path:
        bases.append(os.path.join(ROOT, 'docs'))  # "checking-rules.md" from a source file
    if first in SRC_FOLDERS:
        bases += [os.path.join(ROOT, 'src'), os.path.join(ROOT, 'tests')]
    if first in INCLUDE_FOLDERS:
        bases.append(os.path.join(ROOT, 'include'))
    for base in bases:
        full = os.path.normpath(os.path.join(base, path))
        if exists(full):
            return full
        # A source cited without its extension (`src/convex/cut_envelope`).
        for ext in ('.cpp', '.hpp', '.md', '.py', '.sh'):
            if exists(full + ext):
                return full + ext
    return None


def cited_root(path):
    """Whether `path` starts where the repository's paths start (not prose like "and/or")."""
    parts = path.split('/')
    first = parts[0]
    if first == '..':
        return False  # outside the repository (../shared) or a Markdown link, checked apart
    if first in ('build', 'out'):
        return False  # made by the build
    if first in TOP:
        return first not in ('bench',) or not path.startswith('bench/out')
    if first in SRC_FOLDERS or first in INCLUDE_FOLDERS:
        # Folder-relative citations need a file name with an extension, or a trailing slash:
        # "tool/holder" in prose is no path.
        return path.endswith('/') or re.search(r'\.\w+$', parts[-1]) is not None
    return False


def check_anchor(target, anchor, where, problems):
    if not target.endswith('.md') or not os.path.isfile(target):
        return
    if anchor not in {a for _, a in headings(target)}:
        problems.append(f'{where}: no heading "#{anchor}" in {os.path.relpath(target, ROOT)}')


C_LIKE = ('.cpp', '.hpp', '.h', '.js', '.mjs', '.cpp.in')


def comment_part(rel, line, state):
    """The part of a source line that is comment (the whole line of a Markdown file). `state`
    carries an open /* */ or docstring from line to line."""
    if rel.endswith('.md'):
        return line
    if rel.endswith(C_LIKE):
        out = ''
        if state.get('block'):
            end = line.find('*/')
            if end < 0:
                return line
            out, line, state['block'] = line[:end], line[end + 2:], False
        in_string = False
        for i, c in enumerate(line):
            if c == '"' and (i == 0 or line[i - 1] != '\\'):
                in_string = not in_string
            elif not in_string and line.startswith('//', i):
                return out + ' ' + line[i:]
            elif not in_string and line.startswith('/*', i):
                end = line.find('*/', i + 2)
                if end < 0:
                    state['block'] = True
                    return out + ' ' + line[i:]
                out += ' ' + line[i:end]
        return out
    if rel.endswith(('.py', '.pyi')) and line.count('"""') % 2 == 1:
        state['doc'] = not state.get('doc')
        return line
    if state.get('doc'):
        return line
    in_single = in_double = False
    for i, c in enumerate(line):
        if c == "'" and not in_double:
            in_single = not in_single
        elif c == '"' and not in_single:
            in_double = not in_double
        elif c == '#' and not in_single and not in_double and (i == 0 or line[i - 1] in ' \t'):
            return line[i:]
    return ''


def check_file(rel, problems):
    full = os.path.join(ROOT, rel)
    try:
        with open(full, encoding='utf-8') as f:
            lines = f.read().split('\n')
    except UnicodeDecodeError:
        return
    markdown = rel.endswith('.md')
    fenced = False
    state = {}
    for number, line in enumerate(lines, 1):
        where = f'{rel}:{number}'
        line = comment_part(rel, line, state)
        if not line:
            continue
        if markdown and line.lstrip().startswith('```'):
            fenced = not fenced
        for pattern, message in STALE_NAMES:
            if pattern.search(line):
                problems.append(f'{where}: {message}')
        if markdown and not fenced:
            for target in LINK.findall(line):
                if re.match(r'[a-z]+:', target):
                    continue
                path, _, anchor = target.partition('#')
                if not path:
                    resolved = full
                else:
                    resolved = os.path.normpath(os.path.join(os.path.dirname(full), path))
                    if not exists(resolved):
                        problems.append(f'{where}: link to {path}, which does not exist')
                        continue
                if anchor:
                    check_anchor(resolved, anchor, where, problems)
        for m in PATH.finditer(line):
            path, anchor = m.group(1), m.group(2)
            if markdown and m.start() > 0 and line[m.start() - 1] == '(' and \
                    line[max(0, m.start() - 2)] == ']':
                continue  # a link target, checked above
            cut = PLACEHOLDER.search(path + line[m.end(1):m.end(1) + 1])
            if cut:
                path = path[:cut.start()]
                path = path[:path.rfind('/') + 1] if '/' in path else ''
                anchor = None
                if not path:
                    continue
            path = path.rstrip('.,;:')
            if '/' not in path and not path.endswith('.md'):
                continue
            if '/' in path and not cited_root(path):
                continue
            resolved = resolve(path, full)
            if resolved is None:
                problems.append(f'{where}: cites {path}, which does not exist')
            elif anchor:
                check_anchor(resolved, anchor[1:], where, problems)
        for m in NAMED_HEADING.finditer(line):
            name = 'README.md' if m.group(1) == 'README' else m.group(1)
            resolved = resolve(name, full)
            if resolved is None:
                continue  # reported as a path above
            texts = [re.sub(r'[`*]', '', t).lower() for t, _ in headings(resolved)]
            if not any(t.startswith(m.group(2).lower()) for t in texts):
                problems.append(f'{where}: cites the section "{m.group(2)}" of {name}, which '
                                'has no such heading')


def include_graph():
    graph = {}
    for folder in sorted(SRC_FOLDERS):
        used = set()
        for base, _, names in os.walk(os.path.join(ROOT, 'src', folder)):
            for name in names:
                with open(os.path.join(base, name), encoding='utf-8', errors='replace') as f:
                    for line in f:
                        m = re.match(r'\s*#\s*include\s+"(\w+)/', line)
                        if m and m.group(1) in SRC_FOLDERS and m.group(1) != folder:
                            used.add(m.group(1))
        graph[folder] = used
    return graph


def check_folder_graph(problems):
    design = os.path.join(ROOT, 'docs', 'design.md')
    if not os.path.isfile(design):
        problems.append('docs/design.md: missing (the folder graph)')
        return
    text = open(design, encoding='utf-8').read()
    m = re.search(r'<!-- folder-graph: begin -->\n```\n(.*?)```\n<!-- folder-graph: end -->',
                  text, re.S)
    if not m:
        problems.append('docs/design.md: no folder graph between <!-- folder-graph: begin --> '
                        'and <!-- folder-graph: end -->')
        return
    line0 = text[:m.start(1)].count('\n') + 1
    written = {}
    for offset, line in enumerate(m.group(1).splitlines()):
        name, arrow, uses = line.partition('→')
        if not arrow:
            problems.append(f'docs/design.md:{line0 + offset}: not "folder → folders": {line}')
            continue
        written[name.strip()] = (set(uses.split()), line0 + offset)
    actual = include_graph()
    for folder in sorted(set(actual) | set(written)):
        if folder not in written:
            problems.append(f'docs/design.md:{line0}: src/{folder}/ is missing from the graph')
        elif folder not in actual:
            problems.append(f'docs/design.md:{written[folder][1]}: src/{folder}/ does not exist')
        elif written[folder][0] != actual[folder]:
            problems.append(
                f'docs/design.md:{written[folder][1]}: src/{folder}/ includes '
                f'{" ".join(sorted(actual[folder])) or "no other folder"}, the graph says '
                f'{" ".join(sorted(written[folder][0])) or "none"}')
    # The one-way rule: each folder after every folder it includes.
    order = [f for f in written]
    for folder, (uses, line) in written.items():
        for used in uses:
            if used in order and order.index(used) > order.index(folder):
                problems.append(f'docs/design.md:{line}: {folder} comes before {used}, which it '
                                'includes: a cycle, or the graph out of order')


def main():
    problems = []
    for rel in tracked_files():
        name = os.path.basename(rel)
        if rel in SKIPPED or rel.startswith(SKIPPED_FOLDERS):
            continue
        if rel.endswith(CHECKED_SUFFIXES) or name in CHECKED_NAMES:
            check_file(rel, problems)
    check_folder_graph(problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f'check-doc-refs: {len(problems)} reference(s) to what does not exist',
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
