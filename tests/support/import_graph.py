"""The repository's import graph, read from the source (AST), never by importing it.

Every ``import`` counts, including those inside functions (a deferred import hides a
cycle, it does not remove it). Importing ``a.b.c`` also runs ``a/__init__.py`` and
``a/b/__init__.py``, so a module depends on its parent packages too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tavolo", "tournaments", "scoring")


@cache
def modules() -> dict[str, Path]:
    """Every module of the repository's packages (migrations left out): name → file."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _in_repo(name: str) -> str | None:
    """The repository module that importing ``name`` loads (``None``: not ours)."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _parents(name: str) -> Iterable[str]:
    parts = name.split(".")
    for end in range(1, len(parts)):
        yield ".".join(parts[:end])


@cache
def raw_imports(name: str) -> frozenset[str]:
    """Every dotted name ``name`` imports, anywhere in it (third-party ones too)."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            # ``from a import b`` loads a.b when b is a module.
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(names)


@cache
def edges(name: str) -> frozenset[str]:
    """The repository modules ``name`` loads directly (parent packages included)."""
    loaded: set[str] = set(_parents(name))
    for imported in raw_imports(name):
        target = _in_repo(imported)
        if target is not None:
            loaded.add(target)
            loaded.update(_parents(target))
    loaded.discard(name)
    return frozenset(loaded)


def closure(start: str) -> set[str]:
    """``start`` and every repository module it loads, transitively."""
    seen = {start}
    todo = [start]
    while todo:
        for target in edges(todo.pop()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def path_between(start: str, goal: str) -> list[str]:
    """One import chain from ``start`` to ``goal`` (empty: none), for messages."""
    came: dict[str, str | None] = {start: None}
    todo = [start]
    while todo:
        current = todo.pop(0)
        if current == goal:
            chain = [current]
            while (before := came[chain[-1]]) is not None:
                chain.append(before)
            return chain[::-1]
        for target in sorted(edges(current)):
            if target not in came:
                came[target] = current
                todo.append(target)
    return []


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(modules()):
        if root in index:
            continue
        work = [(root, iter(sorted(edges(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found
