"""The repository's import graph, read from the source (AST), never by importing it.

Every ``import`` counts, including those inside functions and under ``TYPE_CHECKING``
(a deferred import hides a cycle, it does not remove it). Two graphs are read:

**What importing a module loads** (``edges``, ``closure``: the pure-module rules).
Importing ``a.b.c`` also runs ``a/__init__.py`` and ``a/b/__init__.py``, so a module
loads its parent packages too, its own included.

**What a module's code needs** (``needs``, ``cycles``: the no-cycle rule). A cycle is
module A's code needing B and B's code needing A, however long the chain. A module needs:

- what it imports by name: ``import a.b`` and ``from a.b import f`` need ``a.b``;
  ``from a import b`` needs the submodule ``a.b`` when there is one, else (``b`` is a
  name ``a/__init__.py`` defines or re-exports, or ``*``) the package ``a`` itself;
- the packages above what it imports, whose ``__init__`` runs first — except its own
  ancestors. Python runs ``a/__init__.py`` before any of ``a.b``'s code, so ``a.b`` does
  not need ``a`` by living in it; and ``from a import c`` in ``a.b`` loads the sibling
  ``a.c`` without running anything of ``a/__init__.py`` again.

So a package ``__init__`` that re-exports its submodules is not a cycle by itself, but a
submodule that imports a name back from its own package's ``__init__`` (``from a import
X`` in ``a.b``, where ``a/__init__.py`` re-exports ``X`` from ``a.c``) is: ``a`` needs
``a.b`` and ``a.b`` needs ``a``, and which of them runs first decides whether ``X``
exists yet. Import ``X`` from ``a.c``, where it is defined. A module outside ``a`` that
imports ``a.b`` does need ``a``: if ``a/__init__.py`` needs that module back, it is a
cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection, Iterable
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


def _imported_from(node: ast.ImportFrom, package: str) -> str:
    """The absolute module a ``from … import`` in ``package`` names (relative ones resolved)."""
    base = node.module or ""
    if not node.level:
        return base
    anchor = package.split(".")
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, base] if base else anchor)


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
            base = _imported_from(node, package)
            names.add(base)
            # ``from a import b`` loads a.b when b is a module.
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(names)


def named_in(name: str, source: str, *, package: bool, known: Collection[str]) -> frozenset[str]:
    """The modules of ``known`` that module ``name`` (a package's ``__init__`` when
    ``package``), whose text is ``source``, imports by name (see the module's docstring)."""

    def nearest(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    home = name if package else name.rpartition(".")[0]
    targets: set[str | None] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets.update(nearest(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _imported_from(node, home)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in known else nearest(base))
    return frozenset(t for t in targets if t is not None and t != name)


def needed(name: str, named: Iterable[str]) -> frozenset[str]:
    """What ``name``'s code needs, given what it imports by name: those modules and the
    packages above them, but for ``name``'s own ancestors."""
    own = set(_parents(name))
    found: set[str] = set()
    for target in named:
        found.add(target)
        found.update(p for p in _parents(target) if p not in own)
    found.discard(name)
    return frozenset(found)


@cache
def needs(name: str) -> frozenset[str]:
    """The repository modules ``name``'s code needs directly (see the module's docstring)."""
    path = modules()[name]
    named = named_in(
        name, path.read_text(), package=path.name == "__init__.py", known=modules().keys()
    )
    return needed(name, named)


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


Graph = Callable[[str], Iterable[str]]


def path_between(start: str, goal: str, graph: Graph = edges) -> list[str]:
    """One shortest import chain from ``start`` to ``goal`` (empty: none), for messages."""
    came: dict[str, str | None] = {start: None}
    todo = [start]
    while todo:
        current = todo.pop(0)
        for target in sorted(graph(current)):
            if target == goal:
                chain = [goal, current]
                while (before := came[chain[-1]]) is not None:
                    chain.append(before)
                return chain[::-1]
            if target not in came:
                came[target] = current
                todo.append(target)
    return [start] if start == goal else []


def cycle_chain(component: list[str], graph: Graph = needs) -> str:
    """A cycle's chain, for messages: one loop through its first member (``a -> b ->
    a``), then each member with what it needs inside the cycle."""
    members = set(component)

    def inside(name: str) -> list[str]:
        return [t for t in graph(name) if t in members]

    loop = path_between(component[0], component[0], inside)
    lines = [" -> ".join(loop)]
    lines += [f"  {name} needs {', '.join(sorted(inside(name)))}" for name in component]
    return "\n".join(lines)


def cycles() -> list[list[str]]:
    """The import cycles among the repository's modules: the strongly connected
    components of more than one module of the graph of what a module's code needs."""
    return components(sorted(modules()), needs)


def components(names: Iterable[str], graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one node reached from ``names``
    (Tarjan, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in names:
        if root in index:
            continue
        work = [(root, iter(sorted(graph(root))))]
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
                    work.append((child, iter(sorted(graph(child)))))
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
