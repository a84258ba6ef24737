"""The shape the code keeps (docs/layout.md): each module is asked what it has, never
compared by name outside the registry; small files; no import cycle in the package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPLENDOR = ROOT / "splendor"
REGISTRY = SPLENDOR / "engine" / "modules" / "__init__.py"
#: A module name compared with a string literal (`view.module == "orient"`, ...).
NAME_COMPARED = re.compile(r"module\w*\s*(==|!=|in|not in)\s*[(\[{]?\s*[\"']")
#: The most lines a file of the package may have.
MAX_LINES = 700


def _sources() -> list[Path]:
    return sorted(SPLENDOR.rglob("*.py"))


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_name_is_compared_with_a_literal_outside_the_registry() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in _sources() if path != REGISTRY
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if NAME_COMPARED.search(line)]
    assert not found, found


def test_no_file_of_the_package_is_over_the_limit() -> None:
    long = {str(p.relative_to(ROOT)): n for p in _sources()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def _imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules `path` imports at run time, anywhere in the file (imports
    inside functions count: they are cycles put off, not removed), except under
    TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}
    package = _name(path) if path.name == "__init__.py" else _name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base]) if base else ".".join(up)
            # `from package import submodule` imports the submodule, not (only) the package.
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                     for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != _name(path):
                found.add(name)
    return found


def test_the_package_has_no_import_cycle() -> None:
    known = {_name(p) for p in _sources()}
    graph = {_name(p): _imports(p, known) for p in _sources()}
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            cycle = [*path[path.index(node):], node]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if node in done:
            return
        for child in sorted(graph[node]):
            visit(child, [*path, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
