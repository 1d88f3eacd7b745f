"""Where the fixtures of a test tree are defined, read from the source with ``ast``,
and which definitions override another (for tests/architecture/test_test_layout.py)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

Definition = tuple[str, Path]
"""A fixture's name and the module that defines it."""


def _fixture_name(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The name a function is registered under, if ``@pytest.fixture`` decorates it."""
    for decorator in function.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call else decorator
        if ast.unparse(target).split(".")[-1] != "fixture":
            continue
        for keyword in call.keywords if call else []:
            if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
                return str(keyword.value.value)
        return function.name
    return None


def fixture_definitions(root: Path) -> list[Definition]:
    """Every fixture defined at module or class level in ``root``'s conftest.py and
    test_*.py files."""
    found: list[Definition] = []
    for path in sorted(root.rglob("*.py")):
        if path.name != "conftest.py" and not path.name.startswith("test_"):
            continue
        tree = ast.parse(path.read_text(), str(path))
        bodies = [tree.body] + [n.body for n in tree.body if isinstance(n, ast.ClassDef)]
        for body in bodies:
            for node in body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    name = _fixture_name(node)
                    if name:
                        found.append((name, path))
    return found


def _covers(outer: Path, inner: Path) -> bool:
    """A fixture of ``outer`` is visible to the tests of ``inner``."""
    if outer == inner:
        return True
    return outer.name == "conftest.py" and outer.parent in inner.parents


def shadowed_fixtures(definitions: list[Definition]) -> list[tuple[str, str, str]]:
    """(name, outer module, inner module) for each definition that overrides another:
    the same name in a conftest.py and below it, or twice in one module."""
    clashes = []
    for index, (name, outer) in enumerate(definitions):
        for other_name, inner in definitions[index + 1 :]:
            if name != other_name:
                continue
            for first, second in ((outer, inner), (inner, outer)):
                if _covers(first, second):
                    clashes.append((name, str(first), str(second)))
                    break
    return clashes
