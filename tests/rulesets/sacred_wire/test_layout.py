"""The package's layout: imports only point down. No module imports another that imports it
back, directly or through a chain, and no import hides inside a function or a class (where it
would hide such a circle). Imports under ``if TYPE_CHECKING:`` are for annotations only and
never run, so they do not count."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib.util import resolve_name
from pathlib import Path

import skirmish.rulesets.sacred_wire as package

PACKAGE = package.__name__
ROOT = Path(package.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


MODULES: dict[str, ast.Module] = {
    _module_name(path): ast.parse(path.read_text(), str(path)) for path in ROOT.rglob("*.py")
}
PACKAGES = {_module_name(path) for path in ROOT.rglob("__init__.py")}


def _is_type_checking(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.Import | ast.ImportFrom, importer: str) -> Iterator[str]:
    """The package's modules an import statement loads: a module named in ``from package import
    module`` counts as the module itself."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        here = importer if importer in PACKAGES else importer.rpartition(".")[0]
        base = resolve_name("." * node.level + (node.module or ""), here)
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    yield from (name for name in names if name in MODULES and name != importer)


def _graph() -> dict[str, set[str]]:
    """Each module's module-level imports of the package's modules."""
    return {
        name: {
            target
            for node in tree.body
            if isinstance(node, ast.Import | ast.ImportFrom)
            for target in _imported(node, name)
        }
        for name, tree in MODULES.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as the modules along it, or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for target in sorted(graph[name]):
            found = visit(target, [*path, name])
            if found is not None:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found is not None:
            return found
    return None


def _nested_imports(tree: ast.Module) -> Iterator[int]:
    """Lines of imports that are not module-level statements (nor under TYPE_CHECKING)."""
    top = {id(node) for node in tree.body}
    for node in tree.body:
        if _is_type_checking(node):
            top |= {id(child) for child in ast.walk(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
            yield node.lineno


def test_the_package_has_no_import_circle() -> None:
    cycle = _cycle(_graph())
    short = [name.removeprefix(PACKAGE + ".") for name in cycle or []]
    assert cycle is None, "an import circle: " + " -> ".join(short)


def test_no_module_imports_inside_a_function() -> None:
    nested = [
        f"{name.removeprefix(PACKAGE + '.')}:{line}"
        for name, tree in MODULES.items()
        for line in _nested_imports(tree)
    ]
    assert nested == [], f"imports inside functions or classes: {', '.join(nested)}"


def test_the_checks_see_a_circle_and_a_hidden_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    hidden = ast.parse("import os\n\ndef f() -> None:\n    import sys\n")
    assert list(_nested_imports(hidden)) == [4]
