#!/usr/bin/python3
"""Checks that a shared library exports its part of the public API and nothing else.

    exported_symbols.py LIBRARY HEADER...    (the public headers the library implements)
    exported_symbols.py --python-module MODULE.so

The rule, on `nm -D --defined-only --demangle`: every defined dynamic symbol is
  * in namespace gougechek (a function or object, or the vtable or type_info of a class),
  * and a declaration the given headers mark GOUGECHEK_API: the function's name follows
    GOUGECHEK_API on its line, or it is a member of a class declared `class GOUGECHEK_API`,
    and every enclosing namespace or class is named in the headers' code;
and every GOUGECHEK_API name of the headers is exported (the headers promise nothing the
library lacks). The rule reads names, not mangling, so it holds whatever the compiler inlines or
instantiates; an internal function, a standard-library template instantiated inside, a symbol of
a library linked in statically, or gougechek::core's API exported again by gougechek::step all
fail it. A Python extension module exports its PyInit_ function alone.
"""
import re
import subprocess
import sys

SPECIAL = ("vtable for ", "typeinfo for ", "typeinfo name for ")


def exported(library):
    listing = subprocess.run(["nm", "-D", "--defined-only", "--demangle", library],
                             capture_output=True, text=True, check=True).stdout
    symbols = []
    for line in listing.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3:
            symbols.append(parts[2])
    return symbols


def header_code(headers):
    code = []
    for header in headers:
        with open(header, encoding="utf-8") as f:
            code.append(re.sub(r"//[^\n]*", "", f.read()))
    return "\n".join(code)


def marked(code):
    """Names of the functions and classes the headers mark GOUGECHEK_API."""
    functions, classes = set(), set()
    for line in code.splitlines():
        if "GOUGECHEK_API" not in line or line.startswith("#"):
            continue
        declared = re.search(r"(?:class|struct)\s+GOUGECHEK_API\s+(\w+)", line)
        if declared:
            classes.add(declared.group(1))
            continue
        name = re.search(r"(~?\w+|operator\W+)\s*\(", line.split("GOUGECHEK_API", 1)[1])
        if name:
            functions.add(name.group(1).strip())
    return functions, classes


def qualified_name(symbol):
    """The symbol's name without its parameters and templates' arguments, split at `::`."""
    depth, name = 0, []
    for i, c in enumerate(symbol):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and not symbol[:i].endswith("operator"):
            break
        elif depth == 0:
            name.append(c)
    return re.sub(r"\[abi:\w+\]", "", "".join(name)).strip().split("::")


def problems(library, headers):
    code = header_code(headers)
    identifiers = set(re.findall(r"\w+", code))
    functions, classes = marked(code)
    found = set()
    wrong = []
    for symbol in exported(library):
        prefix = next((p for p in SPECIAL if symbol.startswith(p)), "")
        path = qualified_name(symbol[len(prefix):])
        if path[0] != "gougechek":
            wrong.append(f"{symbol}: not in namespace gougechek")
            continue
        scopes, last = path[1:-1], path[-1]
        if prefix:  # a class's vtable or type_info
            scopes, last = path[1:], None
        unknown = [s for s in scopes if s not in identifiers]
        if unknown:
            wrong.append(f"{symbol}: {'::'.join(unknown)} is not in the public headers")
        elif last is None:
            if scopes[-1] not in classes:
                wrong.append(f"{symbol}: class {scopes[-1]} is not GOUGECHEK_API")
        elif last.lstrip("~") in classes or (scopes and scopes[-1] in classes):
            found.add(scopes[-1] if scopes else last)
        elif last in functions:
            found.add(last)
        else:
            wrong.append(f"{symbol}: {last} is not declared GOUGECHEK_API in the public headers")
    missing = (functions | classes) - found
    wrong += [f"{name}: declared GOUGECHEK_API but not exported" for name in sorted(missing)]
    return wrong


def main():
    if sys.argv[1] == "--python-module":
        library = sys.argv[2]
        wrong = [s for s in exported(library) if not s.startswith("PyInit_")]
    else:
        library = sys.argv[1]
        wrong = problems(library, sys.argv[2:])
    for line in wrong:
        print(line)
    count = len(exported(library))
    print(f"{library}: {count} exported symbols, {len(wrong)} outside the public API")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
