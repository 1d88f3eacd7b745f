"""The engine and the games' modules import one another in one direction only.

Counted here: the imports a module writes (deferred ones included), not the parent
packages Python runs first -- a package ``__init__`` that re-exports its submodules
(``engine``, ``tournaments.games``) is fine as long as none of them imports the package
back. The registry (``engine.registry``) reaches the games by name at run time, so a
game's module may import anything of the engine without a cycle.
"""

from __future__ import annotations

from tests.support.import_graph import _in_repo, modules, raw_imports

AREA = (
    "engine",
    "tournaments.games",
    "tournaments.services.card_names",
    "tournaments.services.dispute_words",
    "tournaments.services.rule_words",
    "tournaments.web.cards",
    "tournaments.web.engine_words",
    "tournaments.web.tallies",
)


def _in_area(name: str) -> bool:
    return any(name == prefix or name.startswith(f"{prefix}.") for prefix in AREA)


def _written_edges(name: str) -> set[str]:
    found = set()
    for imported in raw_imports(name):
        target = _in_repo(imported)
        if target is not None and target != name and _in_area(target):
            found.add(target)
    return found


def _cycles() -> list[list[str]]:
    graph = {name: _written_edges(name) for name in modules() if _in_area(name)}
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for child in sorted(graph.get(node, ())):
            if state.get(child) == 1:
                found.append(path[path.index(child) :] + [child])
            elif child not in state:
                visit(child)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_the_engine_and_the_games_have_no_import_cycle():
    assert _cycles() == []


def test_no_engine_module_imports_the_engine_package_back():
    """``from engine import x`` inside the engine runs ``engine/__init__`` from the
    middle of its own imports: the engine's modules import each other by name."""
    back = [
        name
        for name in modules()
        if name.startswith("engine.")
        and any(imported == "engine" for imported in raw_imports(name))
    ]
    assert back == []
